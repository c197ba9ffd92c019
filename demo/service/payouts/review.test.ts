// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../../testing/json-schema';
import { bearerCalls } from '../../testing/logins';
import { useSandbox } from '../../testing/sandbox';
import { SEED_MERCHANT_IDS as IDS } from '../accounts/seed';
import { merchantNow } from '../kernel/clock';
import { balances } from '../wallets/ledger';
import type { PayoutRequest } from './schema';

const t = useSandbox();
const as = bearerCalls(t);
const db = () => t.sandbox.database.db;

const forbidden = (error: string) => ({ statusCode: 403, message: 'Forbidden', error });
const NOT_FOUND = { statusCode: 404, message: 'payout request not found' };

async function wallet(merchantId: string) {
  const [found] = await balances(db(), merchantId, await merchantNow(db(), merchantId), 'BRL');
  return found;
}

const eventsOf = (id: string) =>
  db()
    .selectFrom('events')
    .select(['merchant_id', 'event', 'resource_type', 'envelope'])
    .where('resource_id', '=', id)
    .orderBy('seq')
    .execute();

const approve = (id: string, body?: unknown) =>
  as<PayoutRequest>('admin', `/v1/payout-requests/${id}/approve`, {
    method: 'POST',
    ...(body === undefined ? {} : { body }),
  });
const reject = (id: string, body: unknown) =>
  as<PayoutRequest>('admin', `/v1/payout-requests/${id}/reject`, { body });

describe('GET /v1/payout-requests/{id}: administrator only', () => {
  it('the administrator reads the spec’s record', async () => {
    const reply = await as('admin', '/v1/payout-requests/po_sandbox_ativa_2');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      id: 'po_sandbox_ativa_2',
      merchantId: IDS.subAtiva,
      amount: 2500,
      currency: 'BRL',
      payoutFee: 10,
      netAmount: 2490,
      status: 'rejected',
      externalAccountDetails: { type: 'pix', pixKey: '34567890000130' },
      rejectionReason: 'Amount above the balance settled on the day of the review',
      processedAt: '2025-05-21T09:30:00.000Z',
      createdAt: '2025-05-20T17:45:00.000Z',
      updatedAt: '2025-05-21T09:30:00.000Z',
      merchantLegalName: 'Sub Ativa Artesanato Ltda',
      merchantEmail: 'sub@sandbox.test',
    });
  });

  it.each(['subAtiva', 'lojaExemplo', 'subDaOutra'] as const)(
    '%s: 403, even for its own request',
    async (who) => {
      const reply = await as(who, '/v1/payout-requests/po_sandbox_ativa_1');
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual(
        forbidden('payout request detail is for the administrator; merchants use the list'),
      );
    },
  );

  it('an unknown id: 404 payout request not found; no token: 401', async () => {
    const reply = await as('admin', '/v1/payout-requests/po_nope');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual(NOT_FOUND);
    expect((await t.api('/v1/payout-requests/po_sandbox_ativa_1')).status).toBe(401);
  });
});

describe('POST /v1/payout-requests/{id}/approve', () => {
  it('approves: processedAt, the reserve gone, payout.approved with the resource envelope', async () => {
    const before = await wallet(IDS.subAtiva);
    expect(before).toMatchObject({ available: 1_000_00, reserved: 365_90 });
    const reply = await approve('po_sandbox_ativa_4');
    expect(reply.status).toBe(200);
    const record = reply.body;
    expect(record).toMatchObject({
      id: 'po_sandbox_ativa_4',
      status: 'approved',
      rejectionReason: null,
      amount: 320,
      payoutFee: 3.2,
      netAmount: 316.8,
      createdAt: '2026-03-11T11:00:00.000Z',
    });
    expect(record.processedAt).not.toBeNull();
    expect(record.updatedAt).toBe(record.processedAt);
    expect(await as('admin', '/v1/payout-requests/po_sandbox_ativa_4')).toMatchObject({
      body: record,
    });
    expect(await wallet(IDS.subAtiva)).toEqual({ ...before, reserved: 45_90 });
    expect(await eventsOf('po_sandbox_ativa_4')).toEqual([
      {
        merchant_id: IDS.subAtiva,
        event: 'payout.approved',
        resource_type: 'payout_request',
        envelope: { id: 'po_sandbox_ativa_4', event: 'payout.approved', data: record },
      },
    ]);
  });

  it('takes no body, an empty one, or {}; anything else is a 400', async () => {
    const ids = await Promise.all(
      [10, 11, 12].map(async (amount) => {
        const created = await as<{ id: string }>(
          'subAtiva',
          `/v1/submerchants/${IDS.subAtiva}/payout-requests`,
          { body: { amount } },
        );
        return created.body.id;
      }),
    );
    const [none = '', empty = '', braces = ''] = ids;
    const bad = await approve(none, { note: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      statusCode: 400,
      message: 'note is not a known field',
      error: 'Bad Request',
    });
    const malformed = await approve(none, '{');
    expect(malformed.status).toBe(400);
    expect((await approve(none)).status).toBe(200);
    const emptyJson = await as('admin', `/v1/payout-requests/${empty}/approve`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(emptyJson.status).toBe(200);
    expect((await approve(braces, {})).status).toBe(200);
  });

  it('not pending: 400 saying its status; nothing moves, no second event', async () => {
    const before = await wallet(IDS.subAtiva);
    for (const reply of [
      await approve('po_sandbox_ativa_4'),
      await reject('po_sandbox_ativa_4', { reason: 'late' }),
    ]) {
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({
        statusCode: 400,
        message: 'payout request is not pending (it is approved)',
        error: 'Bad Request',
      });
    }
    const rejected = await approve('po_sandbox_ativa_2');
    expect(rejected.body).toMatchObject({
      message: 'payout request is not pending (it is rejected)',
    });
    expect(await wallet(IDS.subAtiva)).toEqual(before);
    expect(await eventsOf('po_sandbox_ativa_4')).toHaveLength(1);
  });
});

describe('POST /v1/payout-requests/{id}/reject', () => {
  it('rejects with the reason: the amount back to available, payout.rejected', async () => {
    const before = await wallet(IDS.subAtiva);
    const reply = await reject('po_sandbox_ativa_6', { reason: '  Dados bancários divergentes ' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      id: 'po_sandbox_ativa_6',
      status: 'rejected',
      rejectionReason: 'Dados bancários divergentes',
    });
    expect(reply.body.processedAt).toBe(reply.body.updatedAt);
    expect(await wallet(IDS.subAtiva)).toEqual({
      ...before,
      available: (before?.available ?? 0) + 45_90,
      reserved: (before?.reserved ?? 0) - 45_90,
    });
    const [event] = await eventsOf('po_sandbox_ativa_6');
    expect(event).toEqual({
      merchant_id: IDS.subAtiva,
      event: 'payout.rejected',
      resource_type: 'payout_request',
      envelope: { id: 'po_sandbox_ativa_6', event: 'payout.rejected', data: reply.body },
    });
  });

  it.each([
    [{}, 'reason is required'],
    [{ reason: '   ' }, 'reason must not be empty'],
    [{ reason: 7 }, 'reason must be a string'],
    [{ reason: 'x'.repeat(501) }, 'reason must be at most 500 characters'],
    [{ reason: 'ok', status: 'approved' }, 'status is not a known field'],
  ])('%j: 400 %s, nothing changes', async (body, message) => {
    const reply = await reject('po_sandbox_bloqueada_2', body);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ statusCode: 400, message, error: 'Bad Request' });
    const detail = await as<PayoutRequest>('admin', '/v1/payout-requests/po_sandbox_bloqueada_2');
    expect(detail.body.status).toBe('pending');
  });

  it('a reason of 500 characters is kept whole', async () => {
    const reason = 'r'.repeat(500);
    const reply = await reject('po_sandbox_bloqueada_2', { reason });
    expect(reply.status).toBe(200);
    expect(reply.body.rejectionReason).toBe(reason);
  });
});

describe('concurrent reviews', () => {
  it('an approve and a reject at once: one wins, the other is told it is not pending', async () => {
    const created = await as<{ id: string }>(
      'subAtiva',
      `/v1/submerchants/${IDS.subAtiva}/payout-requests`,
      { body: { amount: 30 } },
    );
    const id = created.body.id;
    const before = await wallet(IDS.subAtiva);
    const replies = await Promise.all([approve(id), reject(id, { reason: 'both at once' })]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400]);
    const events = await eventsOf(id);
    expect(events).toHaveLength(1);
    const won = replies.find((r) => r.status === 200)?.body;
    const reserved = (before?.reserved ?? 0) - 30_00;
    const available = (before?.available ?? 0) + (won?.status === 'rejected' ? 30_00 : 0);
    expect(await wallet(IDS.subAtiva)).toEqual({ ...before, available, reserved });
  });
});

describe('the review is the administrator’s', () => {
  it.each([
    ['subDaOutra', 'approve'],
    ['outraLoja', 'approve'],
    ['subDaOutra', 'reject'],
  ] as const)('%s may not %s: 403, the request stays pending', async (who, action) => {
    const reply = await as(who, `/v1/payout-requests/po_sandbox_outra_3/${action}`, {
      body: action === 'reject' ? { reason: 'mine' } : {},
    });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual(forbidden('only the administrator reviews payout requests'));
    const detail = await as<PayoutRequest>('admin', '/v1/payout-requests/po_sandbox_outra_3');
    expect(detail.body.status).toBe('pending');
  });

  it('an unknown id: 404; no token: 401', async () => {
    const unknown = await approve('po_unknown');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(NOT_FOUND);
    expect((await reject('po_unknown', { reason: 'x' })).body).toEqual(NOT_FOUND);
    const none = await t.api('/v1/payout-requests/po_sandbox_outra_3/approve', { body: {} });
    expect(none.status).toBe(401);
  });
});

interface Document {
  paths: Record<string, Record<string, { responses: Record<string, Json> }>>;
  components: { schemas: Record<string, Json> };
}

/** The JSON schema `/openapi.json` gives an operation's answer with `status` (the error `$ref` resolved). */
function answerSchema(doc: Document, path: string, method: string, status: string): Json {
  const content = doc.paths[path]?.[method]?.responses[status]?.content as
    | Record<string, { schema: Json }>
    | undefined;
  const schema = content?.['application/json']?.schema;
  if (schema === undefined) throw new Error(`${method} ${path} documents no ${status}`);
  return schema.$ref === '#/components/schemas/Error'
    ? (doc.components.schemas.Error ?? {})
    : schema;
}

describe('answers conform to /openapi.json', () => {
  it('creation, list, detail, review and their errors', async () => {
    const doc = (await t.api<Document>('/openapi.json')).body;
    const created = await as('subDaOutra', `/v1/submerchants/${IDS.subDaOutra}/payout-requests`, {
      body: { amount: 5 },
    });
    const id = String(created.body.id);
    const checks: Array<[string, string, string, { status: number; body: unknown }]> = [
      ['/v1/submerchants/{merchantId}/payout-requests', 'post', '201', created],
      [
        '/v1/submerchants/{merchantId}/payout-requests',
        'post',
        '422',
        await as('subInativa', `/v1/submerchants/${IDS.subInativa}/payout-requests`, {
          body: { amount: 5 },
        }),
      ],
      ['/v1/payout-requests', 'get', '200', await as('lojaExemplo', '/v1/payout-requests')],
      ['/v1/payout-requests', 'get', '400', await as('admin', '/v1/payout-requests?size=0')],
      ['/v1/payout-requests/{id}', 'get', '200', await as('admin', `/v1/payout-requests/${id}`)],
      ['/v1/payout-requests/{id}', 'get', '403', await as('subAtiva', `/v1/payout-requests/${id}`)],
      ['/v1/payout-requests/{id}', 'get', '404', await as('admin', '/v1/payout-requests/po_x')],
      ['/v1/payout-requests/{id}/approve', 'post', '200', await approve(id)],
      ['/v1/payout-requests/{id}/reject', 'post', '400', await reject(id, { reason: 'x' })],
    ];
    for (const [path, method, status, reply] of checks) {
      expect(reply.status, `${method} ${path}`).toBe(Number(status));
      const schema = answerSchema(doc, path, method, status);
      expect(schemaErrors(schema, reply.body), `${method} ${path} ${status}`).toEqual([]);
    }
  });
});

type Json = Record<string, unknown>;
