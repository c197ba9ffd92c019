// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { charge, rawCard, savedCard, threeDsFor } from '../../testing/charges';
import { KEYS, postChallengeForm, startAuthentication, useSandbox } from '../../testing/sandbox';
import type { ChallengeResult } from '../kernel/wire-types';

const t = useSandbox();
const create = (body: unknown) => t.secret('/v1/charges', { body });
const refused = (message: string) => ({
  statusCode: 422,
  message,
  error: 'Unprocessable Entity',
});

/** A saved card of Loja Exemplo (the seed's `card_sandbox_visa`, number 4111111111111111). */
async function customersNamed(email: string): Promise<unknown[]> {
  const reply = await t.secret<{ data: unknown[] }>(
    `/v1/customers?email=${encodeURIComponent(email)}`,
  );
  return reply.body.data;
}

describe('a charge’s threeDS comes from a finished authentication, used once', () => {
  it('a real flow (authenticate → challenge → challenge-result → charge) is paid', async () => {
    const { authenticationId } = await startAuthentication(t, 'Direct challenge');
    await postChallengeForm(t, { authenticationId, code: '1234' });
    const result = await t.api<ChallengeResult>('/v1/three-ds/challenge-result', {
      key: KEYS.publishable,
      body: { authenticationId },
    });
    const reply = await create(
      charge({ paymentMethod: rawCard({ number: '4000000000000044', threeDS: result.body }) }),
    );
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ status: 'paid', threeDS: result.body });
  });

  it('a saved card takes the threeDS of an authentication of its number', async () => {
    const reply = await create(
      charge({ paymentMethod: savedCard('card_sandbox_visa', { threeDS: await threeDsFor(t) }) }),
    );
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ status: 'paid', paymentMethod: { source: 'saved_card' } });
  });

  it('an unknown threeDsServerTransactionId, or another merchant’s, does not match', async () => {
    const threeDS = await threeDsFor(t);
    const unknown = await create(
      charge({
        paymentMethod: rawCard({ threeDS: { ...threeDS, threeDsServerTransactionId: 'x' } }),
      }),
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body).toEqual(
      refused('threeDS does not match any authentication of this merchant'),
    );
    const other = await t.api('/v1/charges', {
      key: 'sk_test_noconnect',
      body: charge({ paymentMethod: rawCard({ threeDS }) }),
    });
    expect(other.body).toEqual(
      refused('threeDS does not match any authentication of this merchant'),
    );
    // Still usable by its own merchant.
    expect((await create(charge({ paymentMethod: rawCard({ threeDS }) }))).status).toBe(201);
  });

  it('an authentication whose challenge is not done is not finished', async () => {
    const { authenticationId } = await startAuthentication(t, 'Direct challenge');
    const row = await t.sandbox.database.db
      .selectFrom('authentications')
      .select(['three_ds_server_transaction_id'])
      .where('id', '=', authenticationId)
      .executeTakeFirstOrThrow();
    const threeDS = {
      ...(await threeDsFor(t)),
      threeDsServerTransactionId: row.three_ds_server_transaction_id,
    };
    const reply = await create(
      charge({ paymentMethod: rawCard({ number: '4000000000000044', threeDS }) }),
    );
    expect(reply.body).toEqual(
      refused('threeDS belongs to an authentication that is not finished'),
    );
  });

  it('another card, raw or saved, is refused', async () => {
    const threeDS = await threeDsFor(t, '5555555555554444');
    const raw = await create(charge({ paymentMethod: rawCard({ threeDS }) }));
    expect(raw.body).toEqual(refused('threeDS was issued for another card'));
    const saved = await create(
      charge({ paymentMethod: savedCard('card_sandbox_visa', { threeDS }) }),
    );
    expect(saved.body).toEqual(refused('threeDS was issued for another card'));
  });

  it('another amount or currency is refused', async () => {
    const threeDS = await threeDsFor(t);
    const amount = await create(charge({ amount: 120.51, paymentMethod: rawCard({ threeDS }) }));
    expect(amount.body).toEqual(refused('threeDS was issued for another amount or currency'));
    const currency = await create(charge({ currency: 'USD', paymentMethod: rawCard({ threeDS }) }));
    expect(currency.body).toEqual(refused('threeDS was issued for another amount or currency'));
  });

  it('values that differ from the authentication’s result are named', async () => {
    const threeDS = await threeDsFor(t);
    const cryptogram = await create(
      charge({ paymentMethod: rawCard({ threeDS: { ...threeDS, cryptogram: 'AAAA' } }) }),
    );
    expect(cryptogram.body).toEqual(
      refused("threeDS.cryptogram does not match the authentication's result"),
    );
    const both = await create(
      charge({
        paymentMethod: rawCard({ threeDS: { ...threeDS, eci: '07', state: 'failure' } }),
      }),
    );
    expect(both.body).toEqual(
      refused("threeDS.state, threeDS.eci do not match the authentication's result"),
    );
  });

  it('is used once: the second charge names the first', async () => {
    const threeDS = await threeDsFor(t);
    const first = await create(charge({ paymentMethod: rawCard({ threeDS }) }));
    expect(first.status).toBe(201);
    const again = await create(charge({ paymentMethod: rawCard({ threeDS }) }));
    expect(again.body).toEqual(refused(`threeDS was already used by charge ${first.body.id}`));
  });

  it('two concurrent charges with one threeDS: exactly one succeeds', async () => {
    const threeDS = await threeDsFor(t);
    const replies = await Promise.all(
      [1, 2, 3].map(() => create(charge({ paymentMethod: rawCard({ threeDS }) }))),
    );
    const paid = replies.filter((r) => r.status === 201);
    expect(paid).toHaveLength(1);
    for (const other of replies.filter((r) => r.status !== 201)) {
      expect(other.body).toEqual(refused(`threeDS was already used by charge ${paid[0]?.body.id}`));
    }
  });

  it('a refused request creates nothing and leaves the authentication usable', async () => {
    const threeDS = await threeDsFor(t);
    const email = 'refused-three-ds@example.com';
    const webhooksBefore = (await t.demo<unknown[]>('/merchant/webhooks')).body.length;
    const body = (overrides: Record<string, unknown>) =>
      charge({
        customer: { name: 'Refused Buyer', email },
        postbackUrl: `${t.sandbox.demoUrl}/merchant/webhooks`,
        paymentMethod: rawCard({ threeDS }),
        ...overrides,
      });
    expect((await create(body({ amount: 99 }))).status).toBe(422);
    expect(await customersNamed(email)).toEqual([]);
    // A customer that cannot be found gives the claim back too.
    const unknownCustomer = await create(body({ customer: { id: 'cus_nobody' } }));
    expect(unknownCustomer.status).toBe(404);
    expect((await t.demo<unknown[]>('/merchant/webhooks')).body).toHaveLength(webhooksBefore);
    const paid = await create(body({}));
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ status: 'paid' });
    expect(await customersNamed(email)).toHaveLength(1);
  });
});
