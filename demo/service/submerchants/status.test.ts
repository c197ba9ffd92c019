// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { answerErrors } from '../../testing/openapi-answers';
import { authenticateBody, type Reply, useSandbox } from '../../testing/sandbox';
import { ADMIN_EMAIL, SEED_MERCHANT_IDS } from '../accounts/seed';
import type { SubMerchant } from './schema';

const t = useSandbox();

type ErrorBody = { statusCode: number; message: string; error?: string };

const OPERATION = 'POST /sandbox/submerchants/{id}/status';

async function setStatus<T = SubMerchant>(
  id: string,
  body: unknown,
  email = ADMIN_EMAIL,
): Promise<Reply<T>> {
  return t.as<T>(email, `/sandbox/submerchants/${id}/status`, { body });
}

const eventsOf = (resourceId: string) =>
  t.sandbox.database.db
    .selectFrom('events')
    .select(['merchant_id', 'event', 'resource_type', 'envelope'])
    .where('resource_id', '=', resourceId)
    .orderBy('seq')
    .execute();

const { lojaExemplo, subAtiva, subPendente, subBloqueada, subDaOutra, outraLoja } =
  SEED_MERCHANT_IDS;

describe('POST /sandbox/submerchants/{id}/status: who and what', () => {
  it('a merchant token 403; a Basic key or no credential 401', async () => {
    const merchant = await setStatus(subPendente, { status: 'active' }, 'merchant@sandbox.test');
    expect(merchant.status).toBe(403);
    expect(merchant.body).toEqual({ statusCode: 403, message: 'Forbidden' });
    const basic = await t.api(`/sandbox/submerchants/${subPendente}/status`, {
      key: 'sk_test_sandbox',
      body: { status: 'active' },
    });
    expect(basic.status).toBe(401);
    const none = await t.api(`/sandbox/submerchants/${subPendente}/status`, {
      body: { status: 'active' },
    });
    expect(none.status).toBe(401);
  });

  it.each([
    [
      { status: 'closed' },
      'status must be one of: "active", "inactive", "pending", "rejected", "blocked"',
    ],
    // An absent enum reads as not one of its values.
    [{}, 'status must be one of: "active", "inactive", "pending", "rejected", "blocked"'],
    [{ status: 'active', reason: 'x' }, 'reason is not a known field'],
  ])('400 for %j', async (body, message) => {
    const reply = await setStatus<ErrorBody>(subPendente, body);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ statusCode: 400, message, error: 'Bad Request' });
    expect(await answerErrors(t, OPERATION, 400, reply.body)).toEqual([]);
  });

  it.each([
    ['a master’s id', lojaExemplo],
    ['an unknown KSUID', '2zzzzzzzzzzzzzzzzzzzzzzzzzz'],
    ['a malformed id', 'not-a-merchant'],
  ])('404 sub-merchant not found for %s', async (_, id) => {
    const reply = await setStatus<ErrorBody>(id, { status: 'active' });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({
      statusCode: 404,
      message: 'sub-merchant not found',
      error: 'Not Found',
    });
    expect(await answerErrors(t, OPERATION, 404, reply.body)).toEqual([]);
  });

  it('the status it already has: 400, nothing recorded', async () => {
    const reply = await setStatus<ErrorBody>(subPendente, { status: 'pending' });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      statusCode: 400,
      message: 'sub-merchant is already pending',
      error: 'Bad Request',
    });
    expect(await eventsOf(subPendente)).toEqual([]);
  });
});

describe('POST /sandbox/submerchants/{id}/status: the change', () => {
  it('to active: status, approvedAt, updatedAt; merchant.updated and merchant.approved for the sub-merchant and its master', async () => {
    const before = Date.now();
    const reply = await setStatus(subPendente, { status: 'active' });
    expect(reply.status).toBe(200);
    expect(await answerErrors(t, OPERATION, 200, reply.body)).toEqual([]);
    expect(reply.body).toMatchObject({ id: subPendente, status: 'active', inactivatedAt: null });
    const approvedAt = Date.parse(reply.body.approvedAt ?? '');
    expect(approvedAt).toBeGreaterThanOrEqual(before);
    const row = await t.sandbox.database.db
      .selectFrom('merchants')
      .select(['status', 'approved_at', 'updated_at'])
      .where('id', '=', subPendente)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('active');
    expect(row.updated_at.getTime()).toBe(approvedAt);
    // The master's list shows it as changed, and finds it by the day of its update.
    const today = new Date(approvedAt).toISOString().slice(0, 10);
    const listed = await t.api<{ data: SubMerchant[] }>(
      `/v1/submerchants?updatedAt=${today}&approvedAt=${today}`,
      { key: 'sk_test_sandbox' },
    );
    expect(listed.body.data).toEqual([reply.body]);

    const envelope = (event: string) => ({ id: subPendente, event, data: reply.body });
    expect(await eventsOf(subPendente)).toEqual([
      {
        merchant_id: subPendente,
        event: 'merchant.updated',
        resource_type: 'merchant',
        envelope: envelope('merchant.updated'),
      },
      {
        merchant_id: subPendente,
        event: 'merchant.approved',
        resource_type: 'merchant',
        envelope: envelope('merchant.approved'),
      },
      {
        merchant_id: lojaExemplo,
        event: 'merchant.updated',
        resource_type: 'merchant',
        envelope: envelope('merchant.updated'),
      },
      {
        merchant_id: lojaExemplo,
        event: 'merchant.approved',
        resource_type: 'merchant',
        envelope: envelope('merchant.approved'),
      },
    ]);
  });

  it('to anything else: only merchant.updated, for each; the date of that status is set', async () => {
    const reply = await setStatus(subBloqueada, { status: 'rejected' });
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe('rejected');
    const row = await t.sandbox.database.db
      .selectFrom('merchants')
      .select(['rejected_at', 'blocked_at', 'updated_at'])
      .where('id', '=', subBloqueada)
      .executeTakeFirstOrThrow();
    expect(row.rejected_at?.getTime()).toBe(row.updated_at.getTime());
    // The earlier status's date stays: a history, not the current state.
    expect(row.blocked_at?.toISOString()).toBe('2025-08-08T07:40:00.000Z');
    const events = await eventsOf(subBloqueada);
    expect(events.map((e) => [e.merchant_id, e.event])).toEqual([
      [subBloqueada, 'merchant.updated'],
      [lojaExemplo, 'merchant.updated'],
    ]);
    expect(events[0]?.envelope).toEqual({
      id: subBloqueada,
      event: 'merchant.updated',
      data: reply.body,
    });
  });

  it('another master’s sub-merchant too (the administrator sees every one); events go to its master', async () => {
    const reply = await setStatus(subDaOutra, { status: 'blocked' });
    expect(reply.status).toBe(200);
    const events = await eventsOf(subDaOutra);
    expect(events.map((e) => e.merchant_id)).toEqual([subDaOutra, outraLoja]);
    expect((await setStatus(subDaOutra, { status: 'active' })).status).toBe(200);
  });
});

describe('a key’s cached merchant does not go stale', () => {
  const threeDs = (path: string, body: unknown) =>
    t.api<ErrorBody & { authenticationId: string }>(`/v1/three-ds/${path}`, {
      key: 'pk_test_sub',
      body,
    });

  it('the 3DS endpoints answer 422 for a sub-merchant just made inactive, and work again once active', async () => {
    // The key is found and cached while Sub Ativa is active.
    const started = await threeDs('authenticate', authenticateBody('4111111111111111'));
    expect(started.status).toBe(200);
    const { authenticationId } = started.body;

    expect((await setStatus(subAtiva, { status: 'inactive' })).status).toBe(200);
    const inactive = {
      statusCode: 422,
      message: 'sub-merchant is not active',
      error: 'Unprocessable Entity',
    };
    for (const [path, body] of [
      ['authenticate', authenticateBody('4111111111111111')],
      ['submit', { authenticationId }],
      ['challenge-result', { authenticationId }],
    ] as const) {
      const reply = await threeDs(path, body);
      expect(reply.status, path).toBe(422);
      expect(reply.body).toEqual(inactive);
    }

    expect((await setStatus(subAtiva, { status: 'active' })).status).toBe(200);
    expect((await threeDs('authenticate', authenticateBody('4111111111111111'))).status).toBe(200);
    expect((await threeDs('challenge-result', { authenticationId })).status).not.toBe(422);
  });
});
