// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { savedCard } from '../../testing/charges';
import {
  dumpDatabase,
  expectNotActive,
  type Refusals,
  setSubMerchantStatus,
} from '../../testing/not-active';
import { filePart, PNG, planBody, upload } from '../../testing/plans';
import { useSandbox } from '../../testing/sandbox';
import { PATH, subscriptionBody } from '../../testing/subscriptions';
import { SEED_PLAN_IDS } from '../plans/seed';
import { SEED_MERCHANT_IDS as IDS } from './seed';

// Its own database (`useSandbox`): Sub Ativa is blocked here and nowhere else.
const t = useSandbox();
const SUB = 'sk_test_sub';
const PLAN = SEED_PLAN_IDS.subAtiva;
const call = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
  t.api<T>(path, { key: SUB, method, ...(body === undefined ? {} : { body }) });

/** What Sub Ativa made while active. */
const made = { paused: '', running: '', inactivePlan: '', sparePlan: '', card: '' };

async function ok(method: string, path: string, body?: unknown) {
  const reply = await call(method, path, body);
  if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${reply.text}`);
  return reply.body;
}

beforeAll(async () => {
  made.paused = (await ok('POST', PATH, subscriptionBody(PLAN))).id as string;
  await ok('POST', `${PATH}/${made.paused}/pause`);
  made.running = (await ok('POST', PATH, subscriptionBody(PLAN))).id as string;
  made.inactivePlan = (await ok('POST', '/v1/subscription-plans', planBody())).id as string;
  await ok('PATCH', `/v1/subscription-plans/${made.inactivePlan}/status`, { status: 'inactive' });
  made.sparePlan = (await ok('POST', '/v1/subscription-plans', planBody())).id as string;
  made.card = (
    await ok('POST', '/v1/cards', {
      number: '4111111111111111',
      holderName: 'Helena Prado',
      expirationMonth: '12',
      expirationYear: '2030',
      customerId: 'cus_sub_helena',
    })
  ).id as string;
  await setSubMerchantStatus(t, IDS.subAtiva, 'blocked');
});

describe('a blocked sub-merchant may not create billing', () => {
  it('is refused a plan, a plan’s activation, a subscription and a resume; nothing is written', async () => {
    const before = await dumpDatabase(t.sandbox.database.db);
    const withSaved = subscriptionBody(PLAN, {
      customer: { id: 'cus_sub_helena' },
      paymentMethod: savedCard(made.card),
    });
    const refusals: Refusals = [
      ['POST /v1/subscription-plans', await call('POST', '/v1/subscription-plans', planBody())],
      [
        'PATCH /v1/subscription-plans/{id}/status',
        await call('PATCH', `/v1/subscription-plans/${made.inactivePlan}/status`, {
          status: 'active',
        }),
      ],
      ['POST /v1/subscriptions', await call('POST', PATH, subscriptionBody(PLAN))],
      ['POST /v1/subscriptions', await call('POST', PATH, withSaved)],
      ['POST /v1/subscriptions/{id}/resume', await call('POST', `${PATH}/${made.paused}/resume`)],
    ];
    await expectNotActive(t, refusals);
    expect(await dumpDatabase(t.sandbox.database.db)).toEqual(before);
  });

  it('reads stay 200: plans, subscriptions, one of each', async () => {
    for (const path of [
      '/v1/subscription-plans',
      `/v1/subscription-plans/${made.inactivePlan}`,
      PATH,
      `${PATH}/${made.paused}`,
    ]) {
      const reply = await call('GET', path);
      expect(reply.status, `${path}: ${reply.text}`).toBe(200);
    }
    expect((await call('GET', `${PATH}/${made.paused}`)).body.status).toBe('paused');
    const inactive = await call('GET', `/v1/subscription-plans/${made.inactivePlan}`);
    expect(inactive.body.status).toBe('inactive');
  });

  it('may still stop billing: deactivate a plan, update, pause and cancel a subscription', async () => {
    const deactivated = await call('PATCH', `/v1/subscription-plans/${made.sparePlan}/status`, {
      status: 'inactive',
    });
    expect(deactivated.status, deactivated.text).toBe(200);
    expect(deactivated.body.status).toBe('inactive');
    const image = await upload(t, made.sparePlan, [filePart(PNG)], SUB);
    expect(image.status, image.text).toBe(200);
    const updated = await call('PATCH', `${PATH}/${made.running}`, { billingDay: 5 });
    expect(updated.status, updated.text).toBe(200);
    const paused = await call('POST', `${PATH}/${made.running}/pause`);
    expect(paused.status, paused.text).toBe(200);
    expect(paused.body.status).toBe('paused');
    const cancelled = await call('POST', `${PATH}/${made.running}/cancel`);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancellationType: 'requested' });
  });
});

describe('made active again', () => {
  it('resumes, subscribes and activates a plan again', async () => {
    await setSubMerchantStatus(t, IDS.subAtiva, 'active');
    const resumed = await call('POST', `${PATH}/${made.paused}/resume`);
    expect(resumed.status, resumed.text).toBe(200);
    expect(resumed.body.status).toBe('active');
    const subscribed = await call('POST', PATH, subscriptionBody(PLAN));
    expect(subscribed.status, subscribed.text).toBe(201);
    const activated = await call('PATCH', `/v1/subscription-plans/${made.inactivePlan}/status`, {
      status: 'active',
    });
    expect(activated.status, activated.text).toBe(200);
  });
});
