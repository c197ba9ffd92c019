/**
 * OpenAPI 3.1 document → `src/server/api-types.ts`: one type per query, body, answer and list
 * item of the operations the client exposes (`server-types-operations.ts`), named parts, and
 * the component schemas. Our own small converter (schemas: `server-types-render.ts`):
 * openapi-typescript needs the compiler API that TypeScript 7 does not have.
 */
import { resolve } from '../demo/testing/openapi-answers';
import {
  COMPONENT_NAMES,
  NAMED_PARTS,
  type NamedPart,
  OPERATIONS,
  type OperationTypes,
} from './server-types-operations';
import { isSchema, nameable, Renderer, type Schema, shapeKey } from './server-types-render';

export type { Schema };

type Parameter = { name: string; in: string; required?: boolean; schema: Schema };

export const GENERATED_BY = 'npx tsx scripts/server-types.ts';

/** What to name (`server-types-operations.ts`; tests pass their own). */
export interface Tables {
  operations: readonly OperationTypes[];
  parts: readonly NamedPart[];
  components: Readonly<Record<string, string>>;
}
const TABLES: Tables = { operations: OPERATIONS, parts: NAMED_PARTS, components: COMPONENT_NAMES };

/** The schema at a JSON pointer (`/a/b`) of `value`, through the tests' one resolver. */
function at(value: unknown, pointer: string, where: string): Schema {
  const found = resolve(value, `#${pointer}`);
  if (!isSchema(found)) throw new Error(`${where}: nothing at ${pointer}`);
  return found;
}

interface Declaration {
  name: string;
  schema: Schema;
  uses: string[];
  /**
   * `part` (NAMED_PARTS): a whole request or answer of the same shape names it first; `query`:
   * never names another operation's shape.
   */
  kind: 'whole' | 'part' | 'query';
}

/** The query parameters as one object; a whole number's text (`^\d+$`) also takes a number. */
function queryObject(parameters: readonly Parameter[]): Schema {
  const query = parameters.filter((p) => p.in === 'query');
  const properties = Object.fromEntries(
    query.map((p) => [
      p.name,
      p.schema.type === 'string' && p.schema.pattern === '^\\d+$'
        ? { ...p.schema, type: ['integer', 'string'] }
        : p.schema,
    ]),
  );
  const required = query.filter((p) => p.required === true).map((p) => p.name);
  return { type: 'object', properties, required, additionalProperties: false };
}

function operationOf(document: Schema, key: string): Schema {
  const [method = '', path = ''] = key.split(' ');
  const paths = isSchema(document.paths) ? document.paths : {};
  const item = paths[path];
  const operation = isSchema(item) ? item[method.toLowerCase()] : undefined;
  if (!isSchema(operation)) throw new Error(`the document has no operation ${key}`);
  return operation;
}

/** The one success answer's schema, and the one request body's (whatever its media type). */
function bodies(operation: Schema, key: string): { body?: Schema; response: Schema } {
  const contentSchema = (holder: unknown, what: string): Schema => {
    const content = isSchema(holder) && isSchema(holder.content) ? holder.content : {};
    const schemas = Object.values(content).map((media) => (isSchema(media) ? media.schema : 0));
    if (schemas.length !== 1 || !isSchema(schemas[0])) {
      throw new Error(`${key}: expected one ${what} media type`);
    }
    return schemas[0];
  };
  const responses = isSchema(operation.responses) ? operation.responses : {};
  const success = Object.keys(responses).filter((status) => /^2\d\d$/.test(status));
  if (success.length !== 1) throw new Error(`${key}: expected one success status`);
  const response = contentSchema(responses[success[0] as string], 'success');
  if (operation.requestBody === undefined) return { response };
  return { body: contentSchema(operation.requestBody, 'request body'), response };
}

function itemSchema(response: Schema, key: string): Schema {
  if (response.type === 'array' && isSchema(response.items)) return response.items;
  const data = isSchema(response.properties) ? response.properties.data : undefined;
  if (isSchema(data) && isSchema(data.items)) return data.items;
  throw new Error(`${key}: the answer is neither an array nor a page with data`);
}

function declarations(document: Schema, tables: Tables): Declaration[] {
  const declared: Declaration[] = [];
  const add = (name: string, schema: Schema, use: string, kind: Declaration['kind'] = 'whole') => {
    const known = declared.find((d) => d.name === name);
    if (known === undefined) declared.push({ name, schema, uses: [use], kind });
    else if (shapeKey(known.schema) !== shapeKey(schema)) {
      throw new Error(`${name}: ${use} does not have the shape of ${known.uses[0]}`);
    } else known.uses.push(use);
  };
  const components = isSchema(document.components) ? document.components.schemas : undefined;
  for (const [component, name] of Object.entries(tables.components)) {
    add(name, at(components, `/${component}`, 'components'), `the component schema ${component}`);
  }
  const parts = (op: OperationTypes, place: 'body' | 'response', schema: Schema) => {
    for (const part of tables.parts.filter((p) => p.key === op.key && p.in === place)) {
      add(part.name, at(schema, part.pointer, part.name), `${part.pointer} of ${op.key}`, 'part');
    }
  };
  for (const op of tables.operations) {
    const operation = operationOf(document, op.key);
    const { body, response } = bodies(operation, op.key);
    const parameters = (Array.isArray(operation.parameters) ? operation.parameters : []).filter(
      (p): p is Parameter => isSchema(p) && isSchema(p.schema),
    );
    if (op.query !== undefined) {
      add(op.query, queryObject(parameters), `query of ${op.key}`, 'query');
    }
    if ((op.body === undefined) !== (body === undefined)) {
      throw new Error(`${op.key}: a request body is ${body ? 'documented' : 'not documented'}`);
    }
    if (op.body !== undefined && body !== undefined) {
      add(op.body, body, `body of ${op.key}`);
      parts(op, 'body', body);
    }
    if (op.item !== undefined) add(op.item, itemSchema(response, op.key), `item of ${op.key}`);
    add(op.response, response, `answer of ${op.key}`);
    parts(op, 'response', response);
  }
  return declared;
}

const HEADER = `/**
 * The server client's request and answer types, from the sandbox's OpenAPI document
 * (\`GET /openapi.json\`, built by demo/service/openapi/build.ts).
 *
 * Generated by \`${GENERATED_BY}\` (scripts/server-types-generate.ts): do not edit;
 * scripts/server-types.test.ts fails when the document and this file differ.
 * A query parameter that is a whole number's text also takes a number.
 */
// biome-ignore-all format: generated; the test compares it with the generator's output as is
`;

/** The whole `api-types.ts` for `document` (an OpenAPI 3.1 document), deterministic. */
export function generateServerTypes(document: Schema, tables: Tables = TABLES): string {
  const declared = declarations(document, tables);
  const renderer = new Renderer(tables.components);
  // Named first, so nested parts are written by name wherever their shape comes back; a
  // query's name is its operation's own, never another's.
  const naming = [
    ...declared.filter((d) => d.kind === 'whole'),
    ...declared.filter((d) => d.kind === 'part'),
  ];
  for (const { name, schema } of naming) {
    const shape = shapeKey(schema);
    if (nameable(schema) && !renderer.names.has(shape)) renderer.names.set(shape, name);
  }
  const blocks = declared.map(({ name, schema, uses }) => {
    const said = uses.join('; ');
    const doc = `/** ${said.charAt(0).toUpperCase()}${said.slice(1)}. */\n`;
    const alias = renderer.names.get(shapeKey(schema));
    if (alias !== undefined && alias !== name) return `${doc}export type ${name} = ${alias};\n`;
    renderer.where = name;
    const type = renderer.type(schema, '', true);
    return type.startsWith('{\n')
      ? `${doc}export interface ${name} ${type}\n`
      : `${doc}export type ${name} = ${type};\n`;
  });
  return `${HEADER}\n${blocks.join('\n')}`.replace(/[ \t]+\n/g, '\n');
}
