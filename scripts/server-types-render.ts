/**
 * JSON Schema 2020-12 → a TypeScript type expression, for `scripts/server-types-generate.ts`.
 * Knows the constructs `demo/service/openapi/build.ts` writes (objects, arrays, enum, const,
 * anyOf/oneOf/allOf, type lists with null, $ref to components) and throws on anything else, so
 * a new construct in the document is noticed, not typed as `unknown`.
 */

export type Schema = { readonly [key: string]: unknown };

/** Keywords that say nothing about the TypeScript type (checks, docs, formats). */
const IGNORED = new Set([
  'description',
  'default',
  'format',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'propertyNames',
  'contentMediaType',
]);
const KNOWN = new Set([
  ...IGNORED,
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'allOf',
  '$ref',
  'contentEncoding',
]);

export const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema with only what decides its type, keys sorted: two equal keys, one type. */
export function shapeKey(schema: unknown): string {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (!isSchema(value)) return value;
    const entries = Object.entries(value)
      // No extra properties is written the same whether said (`false`) or not.
      .filter(
        ([key, item]) => !IGNORED.has(key) && !(key === 'additionalProperties' && item === false),
      )
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const kept = entries.map(([key, item]): [string, unknown] =>
      key === 'properties' && isSchema(item)
        ? [key, Object.fromEntries(Object.entries(item).map(([k, v]) => [k, strip(v)]))]
        : [key, strip(item)],
    );
    return Object.fromEntries(kept);
  };
  return JSON.stringify(strip(schema));
}

/** Worth a name of its own when met again: an object with properties, a union, an enum. */
export const nameable = (schema: Schema): boolean =>
  (isSchema(schema.properties) && Object.keys(schema.properties).length > 0) ||
  Array.isArray(schema.anyOf) ||
  Array.isArray(schema.oneOf) ||
  (Array.isArray(schema.enum) && schema.enum.length > 1);

const quote = (text: string): string =>
  `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
const propertyName = (name: string): string =>
  /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : quote(name);
const literal = (value: unknown, where: string): string => {
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) {
    return String(value);
  }
  throw new Error(`${where}: unsupported literal ${JSON.stringify(value)}`);
};

function docComment(schema: Schema, indent: string): string {
  const lines: string[] = [];
  if (typeof schema.description === 'string') lines.push(schema.description);
  if ('default' in schema) lines.push(`Default: \`${JSON.stringify(schema.default)}\`.`);
  if (lines.length === 0) return '';
  const text = lines.join(' ').replace(/\*\//g, '*\\/');
  return `${indent}/** ${text} */\n`;
}

const SCALARS: Readonly<Record<string, string>> = {
  string: 'string',
  number: 'number',
  integer: 'number',
  boolean: 'boolean',
  null: 'null',
};

/** Members of a union, deduplicated; string literals folded into a plain `string`. */
function union(members: readonly string[], indent: string): string {
  let unique = [...new Set(members)];
  if (unique.includes('string')) unique = unique.filter((m) => !/^'.*'$/s.test(m));
  if (unique.length === 1) return unique[0] as string;
  const inline = unique.join(' | ');
  if (!inline.includes('\n') && inline.length <= 80) return inline;
  const inner = `${indent}  `;
  return unique.map((m) => `\n${inner}| ${m.replace(/\n/g, '\n  ')}`).join('');
}

const parenthesize = (type: string): string =>
  /[|&]/.test(type) && !type.startsWith('{') ? `(${type})` : type;

export class Renderer {
  /** Shape key → the first name that claimed it. */
  readonly names = new Map<string, string>();

  /** What is being written, for the errors. */
  where = '';

  /** `components`: component schema name → our type name, for `$ref`. */
  constructor(private readonly components: Readonly<Record<string, string>>) {}

  type(schema: unknown, indent: string, top = false): string {
    if (schema === true) return 'unknown';
    if (!isSchema(schema)) throw new Error(`${this.where}: a schema must be an object`);
    for (const key of Object.keys(schema)) {
      if (!KNOWN.has(key)) throw new Error(`${this.where}: unsupported keyword "${key}"`);
    }
    if (!top && nameable(schema)) {
      const name = this.names.get(shapeKey(schema));
      if (name !== undefined) return name;
    }
    if (typeof schema.$ref === 'string') return this.ref(schema.$ref);
    if ('const' in schema) return literal(schema.const, this.where);
    if (Array.isArray(schema.enum)) {
      return union(
        schema.enum.map((v) => literal(v, this.where)),
        indent,
      );
    }
    for (const key of ['anyOf', 'oneOf'] as const) {
      const members = schema[key];
      if (Array.isArray(members))
        return union(
          members.map((m) => this.type(m, indent)),
          indent,
        );
    }
    if (Array.isArray(schema.allOf)) {
      return schema.allOf.map((m) => parenthesize(this.type(m, indent))).join(' & ');
    }
    if (schema.type === undefined) return 'unknown';
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    return union(
      types.map((type) => this.ofType(schema, type, indent)),
      indent,
    );
  }

  private ref(ref: string): string {
    const match = /^#\/components\/schemas\/(.+)$/.exec(ref);
    const name = match === null ? undefined : this.components[match[1] as string];
    if (name === undefined) throw new Error(`${this.where}: no name for ${ref}`);
    return name;
  }

  private ofType(schema: Schema, type: unknown, indent: string): string {
    if (type === 'object') return this.object(schema, indent);
    if (type === 'array') {
      const item = this.type(schema.items ?? true, indent);
      return item.includes('\n') ? `Array<${item}>` : `${parenthesize(item)}[]`;
    }
    if (type === 'string' && schema.contentEncoding === 'binary') return 'Blob';
    const scalar = typeof type === 'string' ? SCALARS[type] : undefined;
    if (scalar === undefined) throw new Error(`${this.where}: unsupported type ${String(type)}`);
    return scalar;
  }

  private object(schema: Schema, indent: string): string {
    const properties = isSchema(schema.properties) ? Object.entries(schema.properties) : [];
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    const extra = schema.additionalProperties;
    const extraType = extra === undefined || extra === false ? undefined : this.type(extra, indent);
    if (properties.length === 0) {
      return `Record<string, ${extraType ?? (extra === false ? 'never' : 'unknown')}>`;
    }
    const inner = `${indent}  `;
    const lines = properties.map(([name, property]) => {
      const optional = required.has(name) ? '' : '?';
      const doc = isSchema(property) ? docComment(property, inner) : '';
      return `${doc}${inner}${propertyName(name)}${optional}: ${this.type(property, inner)};`;
    });
    if (extraType !== undefined) lines.push(`${inner}[key: string]: ${extraType};`);
    return `{\n${lines.join('\n')}\n${indent}}`;
  }
}
