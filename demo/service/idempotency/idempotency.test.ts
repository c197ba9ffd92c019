// @vitest-environment node
/**
 * `Idempotency-Key` through HTTP: a repeat is replayed byte for byte and runs nothing, another
 * request under the key is refused, refusals are kept, keys are per merchant and kept 24 hours
 * of the merchant's clock, a Bearer request's key is its token's merchant's.
 */
import { describe, expect, it } from 'vitest';
import { charge } from '../../testing/charges';
import { testEngine } from '../../testing/database';
import { bearerCalls } from '../../testing/logins';
import { createPlan, PNG, uploadRaw } from '../../testing/plans';
import { type CallInit, KEYS, useSandbox } from '../../testing/sandbox';
import { SEED_MERCHANT_IDS as IDS } from '../accounts/seed';
import { INVALID_KEY } from './rules';

const t = useSandbox();
const as = bearerCalls(t);

const withKey = (key: string, init: CallInit = {}): CallInit => ({
  ...init,
  headers: { ...init.headers, 'Idempotency-Key': key },
});
/** How many charges the customer of `email` has. */
async function chargesOf(email: string): Promise<number> {
  const rows = await t.sandbox.database.db
    .selectFrom('charges')
    .innerJoin('customers', 'customers.id', 'charges.customer_id')
    .select('charges.id')
    .where('customers.email', '=', email)
    .execute();
  return rows.length;
}
const chargeFor = (email: string) => charge({ customer: { name: 'Idem Potent', email } });

describe(`Idempotency-Key (${testEngine()})`, () => {
  it('the same request again: the first answer, byte for byte, marked replayed; one charge', async () => {
    const body = chargeFor('replay@example.com');
    const first = await t.secret('/v1/charges', withKey('order-1', { body }));
    expect(first.status).toBe(201);
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    const again = await t.secret('/v1/charges', withKey('order-1', { body }));
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.headers.get('Content-Type')).toBe(first.headers.get('Content-Type'));
    expect(again.text).toBe(first.text);
    expect(await chargesOf('replay@example.com')).toBe(1);
  });

  it('another body or path under the key: 422, nothing runs', async () => {
    const body = chargeFor('another@example.com');
    expect((await t.secret('/v1/charges', withKey('order-2', { body }))).status).toBe(201);
    const refused = {
      statusCode: 422,
      message: 'Idempotency-Key was used with another request',
      error: 'Unprocessable Entity',
    };
    const otherBody = await t.secret(
      '/v1/charges',
      withKey('order-2', { body: { ...body, amount: 99 } }),
    );
    expect(otherBody.status).toBe(422);
    expect(otherBody.body).toEqual(refused);
    const otherPath = await t.secret('/v1/cards', withKey('order-2', { body }));
    expect(otherPath.body).toEqual(refused);
    expect(await chargesOf('another@example.com')).toBe(1);
  });

  it('a key that is not 1 to 255 visible ASCII characters: 400 naming the header, nothing runs', async () => {
    for (const key of ['x'.repeat(256), 'two words']) {
      const reply = await t.secret(
        '/v1/charges',
        withKey(key, { body: chargeFor('bad-key@example.com') }),
      );
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ statusCode: 400, message: INVALID_KEY, error: 'Bad Request' });
    }
    expect(await chargesOf('bad-key@example.com')).toBe(0);
  });

  it('a refusal (4xx) is kept and replayed', async () => {
    const body = { ...chargeFor('refused@example.com'), amount: 0 };
    const first = await t.secret('/v1/charges', withKey('order-3', { body }));
    expect(first.status).toBe(400);
    const again = await t.secret('/v1/charges', withKey('order-3', { body }));
    expect(again.status).toBe(400);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
  });

  it('a multipart upload sent again (a new boundary) is the same request: replayed', async () => {
    const plan = await createPlan(t);
    const send = () => {
      const form = new FormData();
      form.append('file', new Blob([PNG], { type: 'image/png' }), 'image.png');
      return uploadRaw(t, plan.id, form, KEYS.secret, { 'Idempotency-Key': 'image-1' });
    };
    const first = await send();
    expect(first.status).toBe(200);
    const again = await send();
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.text).toBe(first.text);
  });

  it('GET and the sandbox helpers ignore the header', async () => {
    const read = await t.secret('/v1/customers', withKey('not checked here'));
    expect(read.status).toBe(200);
    expect(read.headers.get('Idempotent-Replayed')).toBeNull();
    const clock = await t.secret('/sandbox/clock', withKey('order-4'));
    expect(clock.status).toBe(200);
  });

  it('keys are per merchant: another merchant runs its own request under the same key', async () => {
    const body = chargeFor('per-merchant@example.com');
    const mine = await t.secret('/v1/charges', withKey('shared-key', { body }));
    const theirs = await t.secret(
      '/v1/charges',
      withKey('shared-key', { body, key: 'sk_test_noconnect' }),
    );
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.headers.get('Idempotent-Replayed')).toBeNull();
    expect(theirs.body.id).not.toBe(mine.body.id);
  });

  it("a Bearer request's key is its token's merchant's: one payout request", async () => {
    const path = `/v1/submerchants/${IDS.subAtiva}/payout-requests`;
    const first = await as('subAtiva', path, withKey('payout-1', { body: { amount: 3 } }));
    expect(first.status).toBe(201);
    const again = await as('subAtiva', path, withKey('payout-1', { body: { amount: 3 } }));
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const rows = await t.sandbox.database.db
      .selectFrom('payout_requests')
      .select('id')
      .where('merchant_id', '=', IDS.subAtiva)
      .where('amount_cents', '=', 300)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("kept 24 hours of the merchant's clock: after a day's advance the key runs again", async () => {
    // Outra Loja's clock: the other tests of this file use Loja Exemplo's.
    const key = 'sk_test_noconnect';
    const body = chargeFor('next-day@example.com');
    const first = await t.secret('/v1/charges', withKey('daily', { body, key }));
    const advance = await t.secret('/sandbox/clock/advance', { key, body: { days: 1 } });
    expect(advance.status).toBe(200);
    const nextDay = await t.secret('/v1/charges', withKey('daily', { body, key }));
    expect([first.status, nextDay.status]).toEqual([201, 201]);
    expect(nextDay.headers.get('Idempotent-Replayed')).toBeNull();
    expect(nextDay.body.id).not.toBe(first.body.id);
    // Loja Exemplo's clock did not move: its key of the same name is still kept.
    const mine = await t.secret('/v1/charges', withKey('daily', { body }));
    const mineAgain = await t.secret('/v1/charges', withKey('daily', { body }));
    expect(mineAgain.headers.get('Idempotent-Replayed')).toBe('true');
    expect(mineAgain.body.id).toBe(mine.body.id);
  });
});

describe(`concurrent repeats (${testEngine()})`, () => {
  it('the same charge sent 8 times at once under one key: exactly one charge', async () => {
    const body = chargeFor('at-once@example.com');
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => t.secret('/v1/charges', withKey('at-once', { body }))),
    );
    const ran = replies.filter(
      (reply) => reply.status === 201 && reply.headers.get('Idempotent-Replayed') === null,
    );
    expect(ran).toHaveLength(1);
    for (const reply of replies) {
      if (reply.status === 409) {
        expect(reply.body).toEqual({
          statusCode: 409,
          message: 'a request with this Idempotency-Key is in progress',
          error: 'Conflict',
        });
      } else {
        expect(reply.status).toBe(201);
        expect(reply.body.id).toBe(ran[0]?.body.id);
      }
    }
    expect(await chargesOf('at-once@example.com')).toBe(1);
  });
});
