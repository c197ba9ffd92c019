// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { APPLE_PAY_TOKEN, charge } from '../testing/charges';
import { useSandbox } from '../testing/sandbox';

const t = useSandbox();
const badRequest = (message: string) => ({ statusCode: 400, message, error: 'Bad Request' });

/**
 * The free-form objects the API defines: any member. Every other object of a request body is
 * closed (`additionalProperties: false`), so an unknown field is a 400 naming it.
 */
const FREE_FORM = ['metadata', 'paymentMethod.wallet.token'];

const walletCharge = (token: unknown) =>
  charge({
    paymentMethod: {
      type: 'credit_card',
      installments: 1,
      wallet: { type: 'apple_pay', token },
    },
  });

describe('a wallet token is taken as the wallet produced it', () => {
  it('members the sandbox does not read, at any depth, are accepted', async () => {
    const token = {
      ...APPLE_PAY_TOKEN,
      paymentData: {
        ...APPLE_PAY_TOKEN.paymentData,
        header: { ...APPLE_PAY_TOKEN.paymentData.header, applicationData: 'YXBw', wrappedKey: 'x' },
        futureMember: { nested: true },
      },
      paymentMethod: { ...APPLE_PAY_TOKEN.paymentMethod, secureElementPass: { id: 1 } },
      constructor: 'kept as sent',
    };
    const reply = await t.secret('/v1/charges', { body: walletCharge(token) });
    expect(reply.status, reply.text).toBe(201);
  });

  it('but never __proto__, which could not be kept: refused, named', async () => {
    const body = JSON.stringify(walletCharge(APPLE_PAY_TOKEN)).replace(
      '"header":{',
      '"header":{"__proto__":{"x":1},',
    );
    const reply = await t.secret('/v1/charges', { body });
    expect(reply.body).toEqual(
      badRequest(
        'paymentMethod.wallet.token.paymentData.header.__proto__ is not allowed: __proto__ is a reserved name',
      ),
    );
  });
});

type Json = Record<string, unknown>;

/** Object schemas of a request body not closed, by dotted path (`[]` for an array's items). */
function openObjects(schema: Json, path: string, found: string[]): string[] {
  if (FREE_FORM.includes(path)) return found;
  const isObject = schema.type === 'object' || schema.properties !== undefined;
  if (isObject && schema.additionalProperties !== false) found.push(path || '(body)');
  for (const [name, child] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
    openObjects(child, path === '' ? name : `${path}.${name}`, found);
  }
  if (typeof schema.items === 'object') openObjects(schema.items as Json, `${path}[]`, found);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const variant of (schema[key] ?? []) as Json[]) openObjects(variant, path, found);
  }
  return found;
}

describe('/openapi.json says so', () => {
  it('every object of every JSON request body is closed, but the free-form ones', async () => {
    const doc = await t.api<{ paths: Record<string, Record<string, Json>> }>('/openapi.json');
    const open: string[] = [];
    for (const [path, item] of Object.entries(doc.body.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const content = (op.requestBody as { content?: Record<string, { schema: Json }> })?.content;
        const schema = content?.['application/json']?.schema;
        if (schema === undefined) continue;
        const where = `${method.toUpperCase()} ${path}`;
        open.push(...openObjects(schema, '', []).map((field) => `${where} ${field}`));
      }
    }
    expect(open).toEqual([]);
  });

  it('the charge’s wallet token and a subscription’s metadata are open; the rest closed', async () => {
    const doc = await t.api<Json>('/openapi.json');
    const at = (value: unknown, ...keys: Array<string | number>): Json =>
      keys.reduce<Json>((node, key) => (node[key] ?? {}) as Json, (value ?? {}) as Json);
    const charge = at(doc.body, 'paths', '/v1/charges', 'post', 'requestBody', 'content');
    const variants = at(
      charge,
      'application/json',
      'schema',
      'properties',
      'paymentMethod',
      'anyOf',
    );
    expect(Object.values(variants).map((variant) => at(variant).additionalProperties)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    const wallet = at(variants, 2, 'properties', 'wallet');
    expect(wallet.additionalProperties).toBe(false);
    expect(at(wallet, 'properties', 'token').additionalProperties).toEqual({});
    const subscription = at(doc.body, 'paths', '/v1/subscriptions', 'post', 'requestBody');
    const metadata = at(
      subscription,
      'content',
      'application/json',
      'schema',
      'properties',
      'metadata',
    );
    expect(metadata.additionalProperties).toMatchObject({ type: 'string' });
  });
});
