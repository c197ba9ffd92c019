// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { rawCard, savedCard } from '../../testing/charges';
import { answerErrors } from '../../testing/openapi-answers';
import { OTHER_SECRET } from '../../testing/plans';
import { KEYS, useSandbox } from '../../testing/sandbox';
import { createSubscription, DECLINED_CARD, PATH } from '../../testing/subscriptions';
import { SEED_MERCHANT_IDS as IDS } from '../accounts/seed';
import { SEED_PLAN_IDS as PLANS } from '../plans/seed';
import type { Subscription } from './schema';

const t = useSandbox();

interface Page {
  data: Subscription[];
  meta: { total: number; page: number; limit: number; totalPages: number };
}
const list = (query: string, key: string = KEYS.secret) => t.api<Page>(`${PATH}?${query}`, { key });
const ids = (page: Page) => page.data.map((sub) => sub.id);

let ana: Subscription;
let quincas: Subscription;
let pending: Subscription;
let percent: Subscription;
let ofSub: Subscription;

beforeAll(async () => {
  // These tests count exactly what they create (the seed's own are tested in seed.test.ts).
  await t.sandbox.database.db.deleteFrom('subscriptions').execute();
  ana = await createSubscription(t, PLANS.monthly, {
    customer: { id: 'cus_sandbox_ana' },
    paymentMethod: savedCard('card_sandbox_visa'),
  });
  quincas = await createSubscription(t, PLANS.weekly, {
    customer: { name: 'Quincas Borba', email: 'quincas@humanitas.example' },
  });
  pending = await createSubscription(t, PLANS.quarterly, {
    customer: { name: 'Rubião Alves', email: 'rubiao@barbacena.example' },
    paymentMethod: rawCard({ number: DECLINED_CARD }),
  });
  percent = await createSubscription(t, PLANS.weekly, {
    customer: { name: '100% Cliente', email: 'percent@example.com' },
  });
  ofSub = await createSubscription(
    t,
    PLANS.subAtiva,
    { customer: { name: 'Cliente da Sub', email: 'cliente@sub.example' } },
    'sk_test_sub',
  );
});

describe('GET /v1/subscriptions', () => {
  it("200: the merchant's own, newest first, full records, conforming to /openapi.json", async () => {
    const reply = await list('');
    expect(reply.status, reply.text).toBe(200);
    expect(ids(reply.body)).toEqual([percent.id, pending.id, quincas.id, ana.id]);
    expect(reply.body.data[3]).toEqual(ana);
    expect(reply.body.meta).toEqual({ total: 4, page: 1, limit: 10, totalPages: 1 });
    expect(await answerErrors(t, 'GET /v1/subscriptions', 200, reply.body)).toEqual([]);
  });

  it('filters: status, customerId', async () => {
    expect(ids((await list('status=pending_activation')).body)).toEqual([pending.id]);
    expect(ids((await list('status=active&orderBy=createdAt')).body)).toEqual([
      ana.id,
      quincas.id,
      percent.id,
    ]);
    expect(ids((await list('status=paused')).body)).toEqual([]);
    expect(ids((await list('customerId=cus_sandbox_ana')).body)).toEqual([ana.id]);
  });

  it('search: case-insensitive contains over customer name, e-mail and plan name; % is literal', async () => {
    expect(ids((await list('search=qUINCAS')).body)).toEqual([quincas.id]);
    expect(ids((await list('search=BARBACENA')).body)).toEqual([pending.id]);
    expect(ids((await list('search=clube%20do%20LIVRO')).body)).toEqual([ana.id]);
    expect(ids((await list('search=cesta&orderBy=createdAt')).body)).toEqual([
      quincas.id,
      percent.id,
    ]);
    expect(ids((await list(`search=${encodeURIComponent('0%')}`)).body)).toEqual([percent.id]);
    expect(ids((await list('search=nobody-at-all')).body)).toEqual([]);
  });

  it('pages: limit, page, a page past the last; orderBy over record fields', async () => {
    const second = await list('limit=3&page=2&orderBy=createdAt');
    expect(ids(second.body)).toEqual([percent.id]);
    expect(second.body.meta).toEqual({ total: 4, page: 2, limit: 3, totalPages: 2 });
    const past = await list('limit=3&page=9');
    expect(past.body.data).toEqual([]);
    expect(past.body.meta.total).toBe(4);
    const byName = await list('orderBy=customerName');
    expect(byName.body.data.map((sub) => sub.customer.name)).toEqual([
      '100% Cliente',
      'Ana Souza',
      'Quincas Borba',
      'Rubião Alves',
    ]);
  });

  it('merchantId: a master names its own sub-merchant; anyone else 403 naming it', async () => {
    const sub = await list(`merchantId=${IDS.subAtiva}`);
    expect(sub.status).toBe(200);
    expect(ids(sub.body)).toEqual([ofSub.id]);
    expect(ids((await list('', 'sk_test_sub')).body)).toEqual([ofSub.id]);
    expect(ids((await list(`merchantId=${IDS.lojaExemplo}`)).body)).toHaveLength(4);
    const cases: Array<[string, string]> = [
      [IDS.subDaOutra, KEYS.secret],
      [IDS.lojaExemplo, 'sk_test_sub'],
      [IDS.lojaExemplo, OTHER_SECRET],
    ];
    for (const [merchantId, key] of cases) {
      const reply = await list(`merchantId=${merchantId}`, key);
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({
        statusCode: 403,
        message: 'Forbidden',
        error: `merchantId ${merchantId} is neither this merchant nor one of its sub-merchants`,
      });
    }
    expect(ids((await list('', OTHER_SECRET)).body)).toEqual([]);
  });

  it('400 naming the parameter: status, limit, page, orderBy, merchantId', async () => {
    for (const [query, name] of [
      ['status=bogus', 'status'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['page=0', 'page'],
      ['orderBy=amount', 'orderBy'],
      ['merchantId=short', 'merchantId'],
    ] as const) {
      const reply = await list(query);
      expect(reply.status, query).toBe(400);
      expect((reply.body as unknown as { message: string }).message).toMatch(
        new RegExp(`^${name} `),
      );
    }
  });
});
