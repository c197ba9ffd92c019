// @vitest-environment node
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawCard } from '../../testing/charges';
import { EventReceiver } from '../../testing/receiver';
import { useSandbox } from '../../testing/sandbox';
import { LOOPBACK_ONLY, parseAllowedHosts, refuseAddress, refuseUrl } from './allowed-hosts';
import { checkedLookup, RefusedAddress } from './attempt';
import type { DeliveryAttempt } from './routes';

describe('allowed hosts', () => {
  const allowed = (url: string, hosts?: string) =>
    refuseUrl(hosts === undefined ? LOOPBACK_ONLY : parseAllowedHosts(hosts), url) === undefined;

  it('by default, http(s) on loopback only', () => {
    expect(allowed('http://127.0.0.1:4012/merchant/webhooks')).toBe(true);
    expect(allowed('https://localhost/x')).toBe(true);
    expect(allowed('http://[::1]:80/')).toBe(true);
    expect(allowed('http://127.0.0.2/')).toBe(false);
    expect(allowed('http://localhost.example.com/')).toBe(false);
    expect(allowed('http://example.com/')).toBe(false);
    expect(allowed('http://10.0.0.1/')).toBe(false);
    expect(allowed('http://169.254.169.254/latest/meta-data')).toBe(false);
    expect(allowed('http://user:pw@127.0.0.1/')).toBe(false);
    expect(allowed('file:///etc/passwd')).toBe(false);
    expect(allowed('not a url')).toBe(false);
  });

  it('SANDBOX_WEBHOOK_HOSTS adds hosts, with a port when one is given', () => {
    const hosts = 'hooks.example.com, api.example.org:8443,10.0.0.7,[fd00::1]';
    expect(allowed('https://hooks.example.com/a', hosts)).toBe(true);
    expect(allowed('http://HOOKS.example.com:9000/a', hosts)).toBe(true);
    expect(allowed('https://api.example.org:8443/a', hosts)).toBe(true);
    expect(allowed('https://api.example.org/a', hosts)).toBe(false);
    expect(allowed('http://10.0.0.7/a', hosts)).toBe(true);
    expect(allowed('http://10.0.0.8/a', hosts)).toBe(false);
    expect(allowed('http://[fd00::1]/a', hosts)).toBe(true);
    expect(allowed('http://127.0.0.1/a', hosts)).toBe(true);
    expect(parseAllowedHosts(' , ').entries).toEqual([]);
    expect(() => parseAllowedHosts('http://x.example')).toThrow(/SANDBOX_WEBHOOK_HOSTS/);
    expect(() => parseAllowedHosts('x.example/path')).toThrow(/not a host or host:port/);
  });

  it('a private or link-local address is refused unless listed, loopback and public ones pass', () => {
    const listed = parseAllowedHosts('hooks.example.com,10.0.0.7');
    expect(refuseAddress(listed, '93.184.216.34')).toBeUndefined();
    expect(refuseAddress(listed, '127.0.0.1')).toBeUndefined();
    expect(refuseAddress(listed, '::1')).toBeUndefined();
    expect(refuseAddress(listed, '10.0.0.7')).toBeUndefined();
    for (const address of [
      '10.0.0.8',
      '172.16.1.1',
      '192.168.0.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      'fd12::1',
      'fe80::1',
      '::ffff:192.168.0.10',
    ]) {
      expect(refuseAddress(listed, address)).toMatch(/private or link-local/);
    }
  });

  it('the look-up refuses a listed name that resolves to a private address', async () => {
    const resolveTo =
      (...addresses: string[]) =>
      (
        _host: string,
        _options: unknown,
        callback: (error: null, addresses: LookupAddress[]) => void,
      ) =>
        callback(
          null,
          addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
        );
    const listed = parseAllowedHosts('hooks.example.com');
    const look = (addresses: string[]) =>
      new Promise<unknown>((resolve) =>
        checkedLookup(listed, resolveTo(...addresses))('hooks.example.com', {}, (error, address) =>
          resolve(error ?? address),
        ),
      );
    expect(await look(['93.184.216.34'])).toBe('93.184.216.34');
    const refused = await look(['93.184.216.34', '169.254.169.254']);
    expect(refused).toBeInstanceOf(RefusedAddress);
    expect(String(refused)).toMatch(/hooks\.example\.com: 169\.254\.169\.254 is a private/);
  });
});

describe('allowed hosts, through the sandbox', { timeout: 20_000 }, () => {
  // A second loopback address: not allowed by default, listed here.
  const listedReceiver = new EventReceiver();
  beforeAll(() => listedReceiver.start('127.0.0.2'));
  afterAll(() => listedReceiver.stop());
  const t = useSandbox({ webhookHosts: '127.0.0.2' });

  const chargeWith = (postbackUrl: string) =>
    t.secret<{ id: string }>('/v1/charges', {
      body: {
        amount: 50,
        currency: 'BRL',
        customer: { id: 'cus_sandbox_ana' },
        items: [{ type: 'digital' }],
        postbackUrl,
        paymentMethod: rawCard(),
      },
    });

  const attemptsTo = async (url: string) =>
    (await t.secret<DeliveryAttempt[]>('/sandbox/deliveries')).body.filter((a) => a.url === url);

  it('a host SANDBOX_WEBHOOK_HOSTS lists gets the events', async () => {
    const created = await chargeWith(listedReceiver.url);
    expect(created.status).toBe(201);
    await t.sandbox.webhooks.idle();
    expect(listedReceiver.received.map((r) => [r.body.event, r.body.data.id])).toEqual([
      ['charge.created', created.body.id],
      ['charge.paid', created.body.id],
    ]);
  });

  it('a private address is refused: one failed attempt per event, never retried', async () => {
    for (const url of ['http://10.0.0.1/hook', 'http://169.254.169.254/hook']) {
      expect((await chargeWith(url)).status).toBe(201);
      await t.sandbox.webhooks.idle();
      const attempts = await attemptsTo(url);
      expect(attempts.map((a) => [a.event, a.attempt, a.delivered])).toEqual([
        ['charge.created', 1, false],
        ['charge.paid', 1, false],
      ]);
      expect(attempts[0]?.error).toMatch(/^refused: .* is not an allowed host/);
      expect(attempts[0]?.status).toBeUndefined();
    }
    const statuses = await t.sandbox.database.db
      .selectFrom('webhook_deliveries')
      .select('status')
      .where('url', '=', 'http://10.0.0.1/hook')
      .execute();
    expect(statuses.map((row) => row.status)).toEqual(['failed', 'failed']);
  });
});
