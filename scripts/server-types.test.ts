// @vitest-environment node
/**
 * `src/server/api-types.ts` is what the sandbox's live OpenAPI document generates (so the client's
 * types match the sandbox), and the generator turns each JSON Schema construct into its type.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../demo/testing/sandbox';
import { API_TYPES_FILE, fetchOpenApi } from './server-types';
import {
  GENERATED_BY,
  generateServerTypes,
  type Schema,
  type Tables,
} from './server-types-generate';

const t = useSandbox();

/** As much of an OpenAPI document as the tests below change. */
type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        responses: Record<
          string,
          { content: Record<string, { schema: { properties: Record<string, Schema> } }> }
        >;
      }
    >
  >;
};

describe('src/server/api-types.ts and the sandbox document', () => {
  it(`are the same (if not: ${GENERATED_BY})`, async () => {
    const document = await fetchOpenApi(t.sandbox.apiUrl);
    expect(readFileSync(API_TYPES_FILE, 'utf8')).toBe(generateServerTypes(document));
  });

  it('a change to the document changes the output, or fails it where names disagree', async () => {
    const document = await fetchOpenApi(t.sandbox.apiUrl);
    const before = generateServerTypes(document);
    expect(generateServerTypes(document)).toBe(before);
    const answerOf = (doc: Doc, path: string, method: string, status: string) => {
      const schema =
        doc.paths[path]?.[method]?.responses[status]?.content['application/json']?.schema;
      if (schema === undefined) throw new Error(`no answer ${status} of ${method} ${path}`);
      return schema;
    };

    const changed = structuredClone(document) as Doc;
    answerOf(changed, '/v1/cards/{id}', 'delete', '200').properties.nickname = { type: 'string' };
    const after = generateServerTypes(changed);
    expect(after).not.toBe(before);
    expect(after).toContain('nickname?: string;');

    // One answer of a shared name changes: the generator refuses rather than pick one.
    answerOf(changed, '/v1/customers/{id}', 'get', '200').properties.nickname = { type: 'string' };
    expect(() => generateServerTypes(changed)).toThrow(
      'Customer: answer of GET /v1/customers/{id} does not have the shape of item of GET /v1/customers',
    );
    delete changed.paths['/v1/customers/{id}'];
    expect(() => generateServerTypes(changed)).toThrow(
      'the document has no operation GET /v1/customers/{id}',
    );
  });
});

/** A document of one operation `POST /things/{id}` with this body, query and answer. */
function oneOperation(body: Schema, response: Schema, query: Schema[] = []) {
  const document: Schema = {
    paths: {
      '/things/{id}': {
        post: {
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
            ...query,
          ],
          requestBody: { content: { 'application/json': { schema: body } } },
          responses: {
            '201': { content: { 'application/json': { schema: response } } },
            '400': {
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Error: {
          type: 'object',
          properties: { message: { type: 'string' } },
          required: ['message'],
        },
      },
    },
  };
  const tables: Tables = {
    operations: [
      { key: 'POST /things/{id}', body: 'ThingRequest', query: 'ThingQuery', response: 'Thing' },
    ],
    parts: [
      { name: 'Inner', key: 'POST /things/{id}', in: 'response', pointer: '/properties/inner' },
    ],
    components: { Error: 'ErrorBody' },
  };
  return generateServerTypes(document, tables);
}

const inner = {
  type: 'object',
  properties: { n: { type: 'integer' } },
  required: ['n'],
  additionalProperties: false,
};
/** The answer of the one operation: its part `inner` is named `Inner`. */
const thing = { type: 'object', properties: { inner }, required: ['inner'] };

describe('the generator', () => {
  it('objects: required and optional, docs and defaults, extra properties, records, quoted keys', () => {
    const out = oneOperation(
      {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'Shown to the buyer', minLength: 1 },
          flag: { type: 'boolean', default: false },
          'x-key': { type: 'number' },
          tags: {
            type: 'object',
            propertyNames: { type: 'string' },
            additionalProperties: { type: 'string' },
          },
          empty: { type: 'object', properties: {}, additionalProperties: false },
          open: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: {} },
          file: { type: 'string', contentEncoding: 'binary' },
        },
        required: ['name'],
      },
      thing,
    );
    expect(out).toContain('export interface ThingRequest {');
    expect(out).toContain('  /** Shown to the buyer */\n  name: string;');
    expect(out).toContain('  /** Default: `false`. */\n  flag?: boolean;');
    expect(out).toContain("  'x-key'?: number;");
    expect(out).toContain('  tags?: Record<string, string>;');
    expect(out).toContain('  empty?: Record<string, never>;');
    expect(out).toContain('  open?: {\n    a?: string;\n    [key: string]: unknown;\n  };');
    expect(out).toContain('  file?: Blob;');
    expect(out).toContain('export interface ErrorBody {\n  message: string;\n}');
  });

  it('unions: enum, const, anyOf, oneOf, type lists with null, arrays; parts by name', () => {
    const out = oneOperation(
      {
        type: 'object',
        properties: {
          status: { type: 'string', enum: ['a', "it's"] },
          kind: { const: 'k' },
          either: { anyOf: [{ type: 'string' }, { type: 'null' }] },
          one: { oneOf: [{ type: 'integer' }, { type: 'boolean' }] },
          maybe: { type: ['string', 'null'] },
          list: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'number' }] } },
          loose: { anyOf: [{ type: 'string', const: '' }, { type: 'string' }] },
          again: inner,
        },
        required: ['status', 'kind', 'either', 'one', 'maybe', 'list', 'loose', 'again'],
      },
      thing,
    );
    expect(out).toContain("  status: 'a' | 'it\\'s';");
    expect(out).toContain("  kind: 'k';");
    expect(out).toContain('  either: string | null;');
    expect(out).toContain('  one: number | boolean;');
    expect(out).toContain('  maybe: string | null;');
    expect(out).toContain('  list: (string | number)[];');
    expect(out).toContain('  loose: string;');
    expect(out).toContain('  again: Inner;');
    expect(out).toContain('export interface Thing {\n  inner: Inner;\n}');
    expect(out).toContain('export interface Inner {\n  n: number;\n}');
  });

  it('query parameters: one object; a whole number in text also takes a number', () => {
    const out = oneOperation({ type: 'object', properties: {} }, thing, [
      { name: 'page', in: 'query', required: false, schema: { type: 'string', pattern: '^\\d+$' } },
      { name: 'q', in: 'query', required: true, schema: { type: 'string' } },
    ]);
    expect(out).toContain(
      'export interface ThingQuery {\n  page?: number | string;\n  q: string;\n}',
    );
  });

  it('refuses what it does not know, rather than typing it loosely', () => {
    expect(() => oneOperation({ type: 'object', not: {} }, thing)).toThrow(
      'unsupported keyword "not"',
    );
    expect(() => oneOperation({ type: 'tuple' }, thing)).toThrow('unsupported type tuple');
    expect(() => oneOperation({ $ref: '#/components/schemas/Nope' }, thing)).toThrow('no name for');
  });
});
