// @vitest-environment node
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawCard } from '../../testing/charges';
import { EventReceiver } from '../../testing/receiver';
import { useSandbox } from '../../testing/sandbox';
import {
  LOOPBACK_ONLY,
  parseAllowedHosts,
  refuseAddress,
  refuseUrl,
} from '../kernel/delivery/allowed-hosts';
import { checkedLookup, RefusedAddress } from '../kernel/delivery/attempt';
import type { DeliveryAttempt } from './routes';

describe('allowed hosts', () => {
  const allowed = (url: string, hosts?: string) =>
    refuseUrl(hosts === undefined ? LOOPBACK_ONLY : parseAllowedHosts(hosts), url) === undefined;

  it('by default, http(s) on loopback only: all of 127.0.0.0/8, ::1 and localhost', () => {
    expect(allowed('http://127.0.0.1:4012/merchant/webhooks')).toBe(true);
    expect(allowed('https://localhost/x')).toBe(true);
    expect(allowed('http://[::1]:80/')).toBe(true);
    expect(allowed('http://127.0.0.2/')).toBe(true);
    expect(allowed('http://127.255.255.254:65535/')).toBe(true);
    expect(allowed('http://[::ffff:127.0.0.3]/')).toBe(true);
    expect(allowed('http://localhost.example.com/')).toBe(false);
    expect(allowed('http://example.com/')).toBe(false);
    expect(allowed('http://10.0.0.1/')).toBe(false);
    expect(allowed('http://169.254.169.254/latest/meta-data')).toBe(false);
    expect(allowed('http://user:pw@127.0.0.1/')).toBe(false);
    expect(allowed('file:///etc/passwd')).toBe(false);
    expect(allowed('not a url')).toBe(false);
  });

  it('says why, in words that follow the field name', () => {
    const why = (url: string, hosts?: string) =>
      refuseUrl(hosts === undefined ? LOOPBACK_ONLY : parseAllowedHosts(hosts), url);
    for (const url of [
      ' http://127.0.0.1/x',
      'http://127.0.0.1/x ',
      'http://127.0.0.1/x\r\n',
      'http://127.0.0.1/a\tb',
      'http://127.0.0.1/\u0000',
      'http://127.0.0.1/\u0085',
      'http://127.0.0.1/\u2028',
      'http://127.0.0.1/\u00a0',
    ]) {
      expect(why(url), JSON.stringify(url)).toBe(
        'must not contain whitespace or control characters',
      );
    }
    expect(why('')).toBe('must be an absolute http or https URL');
    expect(why('/relative/hook')).toBe('must be an absolute http or https URL');
    expect(why('ftp://127.0.0.1/hook')).toBe('must use http or https');
    expect(why('javascript:alert(1)')).toBe('must use http or https');
    expect(why('http://user:pw@127.0.0.1/')).toBe('must not carry credentials (user:password@)');
    expect(why('http://user@127.0.0.1/')).toBe('must not carry credentials (user:password@)');
    expect(why('http://127.0.0.1:0/')).toBe('must have a port from 1 to 65535');
    expect(why('http://127.0.0.1:00/')).toBe('must have a port from 1 to 65535');
    expect(why('http://127.0.0.1:65536/')).toBe('must have a port from 1 to 65535');
    expect(why('http://[::1]:99999/')).toBe('must have a port from 1 to 65535');
    for (const host of [
      '10.0.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '[::]',
      '[fd00:ec2::254]',
      '100.100.100.200',
      '[::ffff:a9fe:a9fe]',
    ]) {
      expect(why(`http://${host}/`), host).toBe(
        `must not name a private, link-local, unspecified or metadata address (${host}) unless SANDBOX_WEBHOOK_HOSTS lists it`,
      );
    }
    expect(why('http://0/')).toMatch(/address \(0\.0\.0\.0\)/);
    expect(why('http://example.com:8080/')).toBe(
      'must name a host the sandbox delivers to: loopback (127.0.0.0/8, [::1], localhost) or one SANDBOX_WEBHOOK_HOSTS lists, not example.com:8080',
    );
    expect(why('http://10.0.0.1/', '10.0.0.1')).toBeUndefined();
    expect(why('http://169.254.169.254/', '169.254.169.254:80')).toBeUndefined();
    expect(why('http://0.0.0.0:9/', '0.0.0.0')).toBeUndefined();
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
  // Another address of 127.0.0.0/8: loopback, so allowed without being listed.
  const otherLoopback = new EventReceiver();
  beforeAll(() => otherLoopback.start('127.0.0.2'));
  afterAll(() => otherLoopback.stop());
  const t = useSandbox({ webhookHosts: '10.0.0.1' });

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

  it('all of 127.0.0.0/8 is this machine: 127.0.0.2 gets the events', async () => {
    const created = await chargeWith(otherLoopback.url);
    expect(created.status).toBe(201);
    await t.sandbox.webhooks.idle();
    expect(otherLoopback.received.map((r) => [r.body.event, r.body.data.id])).toEqual([
      ['charge.created', created.body.id],
      ['charge.paid', created.body.id],
    ]);
  });

  it('a private address SANDBOX_WEBHOOK_HOSTS lists is taken when given', async () => {
    // Disabled, so nothing is sent to an address this machine may not reach.
    const made = await t.secret('/sandbox/webhook-endpoints', {
      body: { url: 'http://10.0.0.1/hook', events: ['*'], enabled: false },
    });
    expect(made.status, made.text).toBe(201);
    const other = await t.secret('/sandbox/webhook-endpoints', {
      body: { url: 'http://10.0.0.2/hook', events: ['*'], enabled: false },
    });
    expect(other.status).toBe(400);
  });

  it('at send the rule holds again: a stored URL it refuses is one failed attempt, never retried', async () => {
    // The URL as it may be stored from before the rule, or under another SANDBOX_WEBHOOK_HOSTS
    // (written here directly; the API refuses it when given).
    for (const url of ['http://10.0.0.2/hook', 'http://169.254.169.254/hook']) {
      const created = await chargeWith(otherLoopback.url);
      expect(created.status).toBe(201);
      await t.sandbox.webhooks.idle();
      await t.sandbox.database.db
        .updateTable('charges')
        .set({ postback_url: url })
        .where('id', '=', created.body.id)
        .execute();
      const refunded = await t.secret(`/v1/charges/${created.body.id}/refund`, { method: 'POST' });
      expect(refunded.status).toBe(200);
      await t.sandbox.webhooks.idle();
      const attempts = await attemptsTo(url);
      expect(attempts.map((a) => [a.event, a.attempt, a.delivered])).toEqual([
        ['charge.refunded', 1, false],
      ]);
      expect(attempts[0]?.error).toMatch(
        /^refused: the URL must not name a private, link-local, unspecified or metadata address/,
      );
      expect(attempts[0]?.status).toBeUndefined();
    }
    const statuses = await t.sandbox.database.db
      .selectFrom('webhook_deliveries')
      .select('status')
      .where('url', '=', 'http://10.0.0.2/hook')
      .execute();
    expect(statuses.map((row) => row.status)).toEqual(['failed']);
  });
});
