// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { charge } from '../../testing/charges';
import { answerErrors } from '../../testing/openapi-answers';
import { useSandbox } from '../../testing/sandbox';
import type { StoredEvent } from './schema';

const t = useSandbox();

type Page = {
  data: StoredEvent[];
  meta: { total: number; page: number; limit: number; totalPages: number };
};
const list = (query: string, key: string | null = 'sk_test_sandbox') =>
  t.api<Page>(`/sandbox/events${query}`, { key });

const pay = async (key: string) => {
  const reply = await t.api<{ id: string }>('/v1/charges', { key, body: charge() });
  expect(reply.status, reply.text).toBe(201);
  return reply.body.id;
};

describe('GET /sandbox/events', () => {
  it('a charge’s events, oldest first by createdAt, data as their envelopes carry it', async () => {
    const id = await pay('sk_test_sandbox');
    const reply = await list(`?resourceId=${id}&orderBy=createdAt`);
    expect(reply.status).toBe(200);
    expect(reply.body.meta).toEqual({ total: 2, page: 1, limit: 10, totalPages: 1 });
    expect(reply.body.data.map((e) => [e.event, e.resourceType, e.resourceId])).toEqual([
      ['charge.created', 'charge', id],
      ['charge.paid', 'charge', id],
    ]);
    expect(reply.body.data[1]?.data).toMatchObject({ id, status: 'paid' });
    expect(reply.body.data[0]?.id).toMatch(/^evt_/);
    expect(await answerErrors(t, 'GET /sandbox/events', 200, reply.body)).toEqual([]);
  });

  it('newest first by default; event, resourceType and pages filter and cut', async () => {
    const first = await pay('sk_test_sandbox');
    const second = await pay('sk_test_sandbox');
    const newest = (await list('?limit=1')).body;
    expect(newest.data[0]).toMatchObject({ event: 'charge.paid', resourceId: second });
    const paid = (await list('?event=charge.paid&resourceType=charge&limit=2&page=1')).body;
    expect(paid.data.map((e) => e.resourceId)).toEqual([second, first]);
    expect(paid.data.every((e) => e.event === 'charge.paid')).toBe(true);
    const past = (await list(`?event=charge.paid&limit=100&page=1000`)).body;
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBeGreaterThanOrEqual(2);
  });

  it('only the key’s merchant’s events', async () => {
    const mine = await pay('sk_test_noconnect');
    expect((await list(`?resourceId=${mine}`)).body.meta.total).toBe(0);
    expect((await list(`?resourceId=${mine}`, 'sk_test_noconnect')).body.meta.total).toBe(2);
  });

  it('400 naming the parameter; a publishable key 403; no key 401', async () => {
    for (const [query, name] of [
      ['?limit=0', 'limit'],
      ['?page=x', 'page'],
      ['?orderBy=amount', 'orderBy'],
      ['?event=paid', 'event'],
      ['?resourceType=Charge!', 'resourceType'],
    ] as const) {
      const reply = await list(query);
      expect(reply.status, query).toBe(400);
      expect((reply.body as unknown as { message: string }).message).toMatch(
        new RegExp(`^${name} `),
      );
    }
    expect((await list('', 'pk_test_sandbox')).status).toBe(403);
    expect((await list('', null)).status).toBe(401);
  });
});
