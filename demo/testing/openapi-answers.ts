/** Checks a real answer against `/openapi.json` as the sandbox serves it. */

import { schemaErrors } from './json-schema';
import type { TestSandbox } from './sandbox';

type Json = Record<string, unknown>;

const resolve = (doc: unknown, ref: string): unknown =>
  ref
    .replace(/^#\//, '')
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>(
      (node, part) =>
        typeof node === 'object' && node !== null ? (node as Json)[part] : undefined,
      doc,
    );

/**
 * Every way `body` breaks the documented answer of `operation` ("GET /v1/submerchants") with
 * `status`; empty when it conforms. Throws when the document has no such answer.
 */
export async function answerErrors(
  t: TestSandbox,
  operation: string,
  status: number,
  body: unknown,
): Promise<string[]> {
  const doc = (await t.api<Json>('/openapi.json')).body;
  const [method = '', path = ''] = operation.split(' ');
  const paths = doc.paths as Record<string, Record<string, { responses: Json }>>;
  const response = paths[path]?.[method.toLowerCase()]?.responses[String(status)] as
    | { content?: Record<string, { schema: Json }> }
    | undefined;
  const schema = response?.content?.['application/json']?.schema;
  if (schema === undefined) throw new Error(`${operation} documents no JSON answer for ${status}`);
  const resolved = typeof schema.$ref === 'string' ? (resolve(doc, schema.$ref) as Json) : schema;
  return schemaErrors(resolved, body);
}
