// @vitest-environment node
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox';
import { savedCard } from '../../testing/charges';
import { createScratchDatabase, type ScratchDatabase, testEngine } from '../../testing/database';
import {
  authenticateBody,
  BROWSER,
  call,
  postChallengeForm,
  SANDBOX_START_TIMEOUT_MS,
  useSandbox,
} from '../../testing/sandbox';
import { SANDBOX_MERCHANT_ID } from '../accounts/sandbox-keys';
import { SCENARIOS } from './scenarios';

const t = useSandbox();
const cardOf = (name: string) => SCENARIOS.find((s) => s.name === name)?.card ?? '';

const authenticate = async (number: string, key = 'pk_test_sandbox') =>
  (await t.api('/v1/three-ds/authenticate', { key, body: authenticateBody(number) })).body
    .authenticationId as string;

const rowOf = (id: string) =>
  t.sandbox.database.db
    .selectFrom('authentications')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('tenancy: an authentication belongs to the key’s merchant', () => {
  it.each([['pk_test_noconnect'], ['sk_test_noconnect'], ['pk_test_sub']])(
    '%s gets 404 for Loja Exemplo’s authentication, and nothing is recorded or changed',
    async (other) => {
      const id = await authenticate(cardOf('Processing then success'));
      for (const endpoint of ['submit', 'challenge-result']) {
        const reply = await t.api(`/v1/three-ds/${endpoint}`, {
          key: other,
          body: { authenticationId: id },
        });
        expect(reply.status).toBe(404);
        expect(reply.body).toEqual({
          statusCode: 404,
          message: `authentication not found: no authentication has id ${id}`,
          error: 'Not Found',
        });
      }
      const inspected = (await t.api(`/sandbox/authentications/${id}`, { key: 'pk_test_sandbox' }))
        .body;
      expect(inspected).toMatchObject({
        status: 'processing',
        submits: 0,
        challengeResultCalls: 0,
      });
      expect(inspected.calls).toEqual([
        expect.objectContaining({ endpoint: '/v1/three-ds/authenticate', status: 200 }),
      ]);
      // The owner's secret key reaches it (the same merchant as its publishable key).
      const own = await t.api('/v1/three-ds/submit', {
        key: 'sk_test_sandbox',
        body: { authenticationId: id },
      });
      expect(own.status).toBe(200);
    },
  );

  it('the row carries the key’s merchant and the card’s fingerprint, never the number', async () => {
    const visa = cardOf('Frictionless success');
    const first = await rowOf(await authenticate(visa));
    const again = await rowOf(await authenticate(visa, 'pk_test_noconnect'));
    const other = await rowOf(await authenticate(cardOf('Direct challenge')));
    expect(first.merchant_id).toBe(SANDBOX_MERCHANT_ID);
    expect(again.merchant_id).not.toBe(SANDBOX_MERCHANT_ID);
    expect(first.card_fingerprint).toMatch(/^[\w-]{43}$/);
    expect(again.card_fingerprint).toBe(first.card_fingerprint);
    expect(other.card_fingerprint).not.toBe(first.card_fingerprint);
    expect(first.amount_cents).toBe(12050);
    expect(JSON.stringify([first, other])).not.toContain(visa);
  });

  it('authenticate refuses an amount with a third decimal place (stored in cents)', async () => {
    const reply = await t.api('/v1/three-ds/authenticate', {
      key: 'pk_test_sandbox',
      body: authenticateBody(cardOf('Frictionless success'), { amount: 10.005 }),
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('amount must have at most two decimal places');
  });

  it('managed 3DS: the charge’s authentication is its merchant’s; another’s resume is 404', async () => {
    const charge = await t.api('/v1/charges', {
      key: 'sk_test_sandbox',
      body: {
        amount: 10,
        currency: 'BRL',
        customer: { id: 'cus_sandbox_ana' },
        items: [{ type: 'digital' }],
        paymentMethod: savedCard('card_sandbox_challenge', {
          threeDSMode: 'managed',
          browser: BROWSER,
        }),
      },
    });
    expect(charge.body.status).toBe('authentication_required');
    const { authenticationId } = charge.body.nextAction as { authenticationId: string };
    expect((await rowOf(authenticationId)).merchant_id).toBe(SANDBOX_MERCHANT_ID);
    const foreign = await t.api('/v1/three-ds/challenge-result', {
      key: 'pk_test_noconnect',
      body: { authenticationId },
    });
    expect(foreign.status).toBe(404);
    const id = charge.body.id as string;
    const otherResume = await t.api(`/v1/charges/${id}/resume-3ds`, {
      key: 'sk_test_noconnect',
      method: 'POST',
    });
    expect(otherResume.status).toBe(404);
    await postChallengeForm(t, { authenticationId, code: '1234' });
    const resumed = await t.api(`/v1/charges/${id}/resume-3ds`, {
      key: 'sk_test_sandbox',
      method: 'POST',
    });
    expect(resumed.body.status).toBe('paid');
  });
});

const scratch: ScratchDatabase[] = [];
afterAll(async () => {
  await Promise.all(scratch.map((db) => db.drop()));
});

describe(`authentications survive a restart; a reset removes them (${testEngine()})`, () => {
  it(
    'a pending challenge is completed after a stop and a start; gone after a reset',
    async () => {
      const database = await createScratchDatabase();
      scratch.push(database);
      const start = () =>
        startSandbox({ apiPort: 0, threeDsPort: 0, demoPort: 0, database: database.config });

      const first = await start();
      let id: string;
      let challenge: URL;
      try {
        const reply = await call(`${first.apiUrl}/v1/three-ds/authenticate`, {
          key: 'pk_test_sandbox',
          body: authenticateBody(cardOf('Direct challenge')),
        });
        expect(reply.body.status).toBe('requires_challenge');
        id = reply.body.authenticationId as string;
        // Its page as the service linked it: the page token must open it after the restart too.
        challenge = new URL(reply.body.challengeUrl as string);
      } finally {
        await first.close();
      }
      const bankPage = `${challenge.pathname}${challenge.search}`;

      const second = await start();
      try {
        const page = await call(`${second.threeDsUrl}${bankPage}`);
        expect(page.status).toBe(200);
        const done = await call(`${second.threeDsUrl}/3ds/challenge`, {
          method: 'POST',
          body: new URLSearchParams({
            authenticationId: id,
            token: challenge.searchParams.get('token') ?? '',
            code: '1234',
          }).toString(),
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            Origin: second.threeDsUrl,
          },
        });
        expect(done.status).toBe(200);
        const result = await call(`${second.apiUrl}/v1/three-ds/challenge-result`, {
          key: 'pk_test_sandbox',
          body: { authenticationId: id },
        });
        expect(result.body.state).toBe('success');
        const inspected = await call(`${second.apiUrl}/sandbox/authentications/${id}`, {
          key: 'pk_test_sandbox',
        });
        expect(
          (inspected.body.calls as Array<{ endpoint: string }>).map((c) => c.endpoint),
        ).toEqual(['/v1/three-ds/authenticate', '/v1/three-ds/challenge-result']);

        const login = await call<{ accessToken: string }>(`${second.apiUrl}/v1/auth/login`, {
          body: { email: 'admin@sandbox.test', password: 'sandbox' },
        });
        await call(`${second.apiUrl}/sandbox/reset`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${login.body.accessToken}` },
        });
        expect(
          (await call(`${second.apiUrl}/sandbox/authentications/${id}`, { key: 'pk_test_sandbox' }))
            .status,
        ).toBe(404);
        expect((await call(`${second.threeDsUrl}${bankPage}`)).status).toBe(404);
      } finally {
        await second.close();
      }
    },
    SANDBOX_START_TIMEOUT_MS * 2,
  );
});
