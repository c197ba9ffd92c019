// @vitest-environment node
/** The server client against a real sandbox: subscription plans and subscriptions, every verb. */
import { describe, expect, it } from 'vitest';
import { GIF, PNG } from '../../demo/testing/plans';
import { KEYS, useSandbox } from '../../demo/testing/sandbox';
import type { SubscriptionCreateRequest, SubscriptionPlan } from './api-types';
import { createServerClient } from './index';

const t = useSandbox();

const client = () => createServerClient({ secretKey: KEYS.secret, baseUrl: t.sandbox.apiUrl });

const newPlan = (name = 'Plano do cliente') =>
  client().subscriptionPlans.create({
    name,
    price: 29.9,
    currency: 'BRL',
    recurrenceType: 'monthly',
  });

const subscribe = (planId: string, email = 'assinante@example.com') => {
  const body: SubscriptionCreateRequest = {
    planId,
    customer: { name: 'Assinante Cliente', email },
    paymentMethod: {
      type: 'credit_card',
      number: '4111111111111111',
      holderName: 'Assinante Cliente',
      expirationMonth: '12',
      expirationYear: '2030',
      cvv: '123',
      installments: 1,
    },
    metadata: { origin: 'server-client' },
  };
  return client().subscriptions.create(body);
};

describe('subscription plans', () => {
  it('create, get, list (every page and one page)', async () => {
    const plan = await newPlan('Plano listado');
    expect(plan).toMatchObject({ name: 'Plano listado', status: 'active', price: 29.9 });
    expect(await client().subscriptionPlans.get(plan.id)).toEqual(plan);
    const listed = await client().subscriptionPlans.list({ status: 'active', limit: 1 }).toArray();
    expect(listed.map((p) => p.id)).toContain(plan.id);
    for (const each of listed) expect(each.status).toBe('active');
    const first = await client().subscriptionPlans.list({ status: 'active', limit: 1 }).page(1);
    expect(first.meta).toMatchObject({ page: 1, limit: 1, total: listed.length });
    expect(first.meta.totalPages).toBe(listed.length);
  });

  it('uploadImage: a PNG Blob becomes the plan image; a GIF is refused', async () => {
    const plan = await newPlan();
    const updated = await client().subscriptionPlans.uploadImage(
      plan.id,
      new Blob([new Uint8Array(PNG)], { type: 'image/png' }),
    );
    expect(updated.id).toBe(plan.id);
    expect(updated.imageUrl).not.toBe('');
    const image = await fetch(updated.imageUrl);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(new Uint8Array(PNG));

    const file = new File([new Uint8Array(GIF)], 'image.gif', { type: 'image/gif' });
    await expect(client().subscriptionPlans.uploadImage(plan.id, file)).rejects.toMatchObject({
      name: 'ServerApiError',
      statusCode: 400,
      path: `/v1/subscription-plans/${plan.id}/image`,
    });
  });

  it('setStatus: the plan when nothing depends on it, a confirmation token when subscriptions do', async () => {
    const idle = await newPlan();
    const off = await client().subscriptionPlans.setStatus(idle.id, { status: 'inactive' });
    expect(off).toMatchObject({ id: idle.id, status: 'inactive' });
    const on = await client().subscriptionPlans.setStatus(idle.id, { status: 'active' });
    expect(on).toMatchObject({ id: idle.id, status: 'active' });

    const busy = await newPlan();
    const subscription = await subscribe(busy.id);
    expect(subscription.status).toBe('active');
    const asked = await client().subscriptionPlans.setStatus(busy.id, { status: 'inactive' });
    if (!('confirmationToken' in asked)) throw new Error('expected a confirmation token');
    expect(asked.activeSubscriptionsCount).toBe(1);
    expect((await client().subscriptionPlans.get(busy.id)).status).toBe('active');
    const confirmed = (await client().subscriptionPlans.setStatus(busy.id, {
      status: 'inactive',
      confirmationToken: asked.confirmationToken,
    })) as SubscriptionPlan;
    expect(confirmed.status).toBe('inactive');
    expect(await client().subscriptions.get(subscription.id)).toMatchObject({
      status: 'cancelled',
      cancellationType: 'plan_deactivated',
    });
  });

  it('404 for an unknown plan', async () => {
    await expect(client().subscriptionPlans.get('plan_nobody')).rejects.toMatchObject({
      name: 'ServerApiError',
      statusCode: 404,
      message: 'subscription plan not found',
    });
  });
});

describe('subscriptions', () => {
  it('create, get, list with search, update, pause, resume, cancel', async () => {
    const plan = await newPlan('Plano Verbos');
    const created = await subscribe(plan.id, 'verbos@example.com');
    expect(created).toMatchObject({
      planId: plan.id,
      status: 'active',
      metadata: { origin: 'server-client' },
    });
    expect(await client().subscriptions.get(created.id)).toEqual(created);

    const found = await client().subscriptions.list({ search: 'verbos@example.com' }).toArray();
    expect(found.map((s) => s.id)).toEqual([created.id]);
    const page = await client().subscriptions.list({ search: 'Plano Verbos' }).page();
    expect(page.meta).toMatchObject({ total: 1, page: 1, totalPages: 1 });

    const updated = await client().subscriptions.update(created.id, {
      billingDay: 10,
      metadata: { origin: null, tier: 'gold' },
    });
    expect(updated).toEqual({
      success: true,
      id: created.id,
      billingDay: 10,
      metadata: { tier: 'gold' },
    });

    expect((await client().subscriptions.pause(created.id)).status).toBe('paused');
    await expect(
      client().subscriptions.update(created.id, { billingDay: 3 }),
    ).rejects.toMatchObject({
      name: 'ServerApiError',
      statusCode: 400,
      message: 'only active subscriptions can be updated',
      method: 'PATCH',
    });
    expect((await client().subscriptions.resume(created.id)).status).toBe('active');
    const cancelled = await client().subscriptions.cancel(created.id);
    expect(cancelled).toMatchObject({ status: 'cancelled', cancellationType: 'requested' });
  });

  it('lists page by page across several pages', async () => {
    const plan = await newPlan('Plano Paginado');
    for (const n of [1, 2, 3]) await subscribe(plan.id, `paginado${n}@example.com`);
    const all = await client().subscriptions.list({ search: 'Plano Paginado', limit: 1 }).toArray();
    expect(all).toHaveLength(3);
    expect(new Set(all.map((s) => s.customer.email))).toEqual(
      new Set(['paginado1@example.com', 'paginado2@example.com', 'paginado3@example.com']),
    );
  });
});
