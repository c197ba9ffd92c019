// The API reference: `/openapi.json` of the API origin, rendered as text nodes only.
import { $, h, loadConfig, messageOf, requestJson } from './demo-helpers.js';

/** @import { Child } from './demo-helpers.js' */
/** @import { JsonSchema, OpenApiDocument, OpenApiOperation } from './sandbox-answers.js' */

/** A field of a body or an answer, as a row. @typedef {{ name: string, type: string, required: boolean, note?: string }} Row */

const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'options', 'head', 'trace'];

/**
 * "string", "integer ≥ 1", "object", "a | b" for a JSON Schema.
 * @param {JsonSchema} [schema]
 * @returns {string}
 */
function typeOf(schema = {}) {
  const variants = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(variants)) return variants.map(typeOf).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (schema.type === 'array') return `${typeOf(schema.items)}[]`;
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any');
  const limits = [];
  if (schema.minimum !== undefined && schema.minimum > Number.MIN_SAFE_INTEGER) {
    limits.push(`≥ ${schema.minimum}`);
  }
  if (schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER) {
    limits.push(`≤ ${schema.maximum}`);
  }
  if (schema.format !== undefined) limits.push(schema.format);
  return [type, ...limits].join(' ');
}

/** @param {JsonSchema} schema */
const nests = (schema) =>
  schema.type === 'object' ||
  schema.anyOf !== undefined ||
  (schema.type === 'array' && schema.items?.type === 'object');

/**
 * Fields as rows, nested objects flattened to `customer.email` and arrays of objects to
 * `data[].email` (variants side by side).
 * @param {JsonSchema} schema
 * @returns {Row[]}
 */
function fieldsOf(schema, prefix = '', depth = 0) {
  if (schema.type === 'array') return fieldsOf(schema.items ?? {}, prefix, depth);
  const variants = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(variants) && depth < 3) {
    return variants.flatMap((variant, index) =>
      fieldsOf(variant, `${prefix}`, depth + 1).map((row) => ({
        ...row,
        note: `variant ${index + 1}`,
      })),
    );
  }
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    /** @type {Row} */
    const row = {
      name: `${prefix}${name}`,
      type: typeOf(property),
      required: required.has(name),
    };
    if (!nests(property) || depth >= 3) return [row];
    const inner = property.type === 'array' ? `${row.name}[].` : `${row.name}.`;
    return [row, ...fieldsOf(property, inner, depth + 1)];
  });
}

/**
 * The `$ref`'s target in the document, or the schema itself.
 * @param {OpenApiDocument} spec
 * @param {JsonSchema} [schema]
 * @returns {JsonSchema}
 */
const resolved = (spec, schema = {}) =>
  typeof schema.$ref === 'string'
    ? schema.$ref
        .replace(/^#\//, '')
        .split('/')
        // A walk through the JSON document, any node on the way.
        .reduce((node, part) => node?.[part], /** @type {any} */ (spec))
    : schema;

/**
 * @param {string} caption
 * @param {string[]} headings
 * @param {Child[][]} rows
 */
function table(caption, headings, rows) {
  return h(
    'table',
    { class: 'reference-table' },
    h('caption', {}, caption),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        headings.map((heading) => h('th', { scope: 'col' }, heading)),
      ),
    ),
    h(
      'tbody',
      {},
      rows.map((cells) =>
        h(
          'tr',
          {},
          cells.map((cell) => h('td', {}, cell)),
        ),
      ),
    ),
  );
}

/** @param {OpenApiOperation} operation */
function authOf(operation) {
  const requirement = operation.security?.[0];
  if (requirement === undefined) return 'No credentials';
  if ('basicAuth' in requirement) return `Basic: ${operation['x-keys'] ?? 'API key'}`;
  if ('bearerAuth' in requirement) {
    const roles = requirement.bearerAuth;
    return `Bearer token${roles.length > 0 ? ` (${roles.join(', ')})` : ''}`;
  }
  return Object.keys(requirement).join(', ');
}

/**
 * The success answer's fields, then a row per error status with when it happens.
 * @param {OpenApiDocument} spec
 * @param {OpenApiOperation} operation
 */
function responsesOf(spec, operation) {
  const entries = Object.entries(operation.responses ?? {});
  const successes = entries.filter(([status]) => /^2\d\d$/.test(status));
  const errors = entries.filter(([status]) => /^[45]\d\d$/.test(status));
  const answers = successes.map(([status, response]) => {
    const [type, content] = Object.entries(response.content ?? {})[0] ?? [];
    const schema = resolved(spec, content?.schema);
    const top = schema.type === 'array' ? '[].' : '';
    const fields = type === 'application/json' ? fieldsOf(schema, top) : [];
    const caption = `Response ${status} (${type ?? 'no body'})${schema.type === 'array' ? ': a list' : ''}`;
    return fields.length > 0
      ? table(
          caption,
          ['Field', 'Type', 'Always sent', ''],
          fields.map((f) => [f.name, f.type, f.required ? 'yes' : 'no', f.note ?? '']),
        )
      : h('p', { class: 'muted' }, `${caption}.`);
  });
  const errorTable =
    errors.length > 0 &&
    table(
      'Errors (body { statusCode, message, error? })',
      ['Status', 'When'],
      errors.map(([status, response]) => [status, response.description ?? '']),
    );
  return [...answers, errorTable];
}

/**
 * @param {OpenApiDocument} spec
 * @param {string} method
 * @param {string} path
 * @param {OpenApiOperation} operation
 */
function renderOperation(spec, method, path, operation) {
  const parameters = operation.parameters ?? [];
  const content = operation.requestBody?.content ?? {};
  const [bodyType, body] = Object.entries(content)[0] ?? [];
  const fields = body === undefined ? [] : fieldsOf(body.schema ?? {});
  return h(
    'article',
    { class: 'operation', dataset: { operation: `${method.toUpperCase()} ${path}` } },
    h(
      'h3',
      {},
      h('span', { class: `method method-${method}` }, method.toUpperCase()),
      ' ',
      h('code', {}, path),
    ),
    h('p', {}, operation.summary ?? ''),
    h('p', { class: 'muted' }, authOf(operation)),
    parameters.length > 0 &&
      table(
        'Parameters',
        ['Name', 'In', 'Type', 'Required'],
        parameters.map((p) => [p.name, p.in, typeOf(p.schema), p.required ? 'yes' : 'no']),
      ),
    fields.length > 0 &&
      table(
        `Request body (${bodyType})`,
        ['Field', 'Type', 'Required', ''],
        fields.map((f) => [f.name, f.type, f.required ? 'yes' : 'no', f.note ?? '']),
      ),
    responsesOf(spec, operation),
  );
}

/** @param {OpenApiDocument} spec @param {HTMLElement} tagsNav */
function render(spec, tagsNav) {
  /** @type {Map<string, HTMLElement[]>} */
  const byTag = new Map();
  for (const [path, item] of Object.entries(spec.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation === undefined) continue;
      const tag = operation.tags?.[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(spec, method, path, operation)]);
    }
  }
  // The sandbox's own operations last.
  const tags = [...byTag.keys()].sort((a, b) => Number(a === 'sandbox') - Number(b === 'sandbox'));
  tagsNav.replaceChildren(
    h(
      'ul',
      {},
      tags.map((tag) => h('li', {}, h('a', { href: `#tag-${tag}` }, tag))),
    ),
  );
  return tags.map((tag) =>
    h(
      'section',
      { class: 'card reference-tag', id: `tag-${tag}`, 'aria-labelledby': `tag-${tag}-title` },
      h('h2', { id: `tag-${tag}-title` }, tag),
      byTag.get(tag),
    ),
  );
}

async function main() {
  const status = $('status');
  const url = `${(await loadConfig()).apiUrl}/openapi.json`;
  $('document-link').replaceChildren(h('a', { href: url }, 'OpenAPI 3.1 document'));
  const reply = await requestJson(url);
  if (!reply.ok || typeof reply.body !== 'object') {
    status.textContent = `The document did not load (HTTP ${reply.status}).`;
    return;
  }
  const sections = render(reply.body, $('tags'));
  $('operations').replaceChildren(...sections);
  const count = sections.reduce((n, s) => n + s.querySelectorAll('.operation').length, 0);
  status.textContent = `${count} operations, OpenAPI ${reply.body.openapi}.`;
}

main().catch((error) => {
  $('status').textContent = `The document did not load: ${messageOf(error)}`;
});
