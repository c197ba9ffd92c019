// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pathOf, runScript, startAuthentication, useSandbox } from '../testing/sandbox';
import { languageFromAcceptHeader, pickLanguage } from './i18n';

const t = useSandbox();
const MERCHANT = 'http://127.0.0.1:4999';

const newAuthentication = (scenario: string, language?: string) =>
  startAuthentication(t, scenario, language);

describe('fingerprinting pages', () => {
  it('the page loads its external script under a strict CSP, and may be framed', async () => {
    const { authenticationId, fingerprintingUrl } = await newAuthentication(
      'Fingerprint then frictionless',
    );
    const reply = await t.acs(pathOf(fingerprintingUrl));
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = reply.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('frame-ancestors *');
    expect(reply.headers.get('x-frame-options')).toBeNull();
    expect(reply.body).toContain('<script src="/3ds/assets/fingerprint.js" defer></script>');
    expect(reply.body).toContain(`data-authentication-id="${authenticationId}"`);
    expect(reply.body).not.toMatch(/<script>/);
  });

  it('the silent variant has no script at all', async () => {
    const { fingerprintingUrl } = await newAuthentication('Fingerprinting page never answers');
    const reply = await t.acs(pathOf(fingerprintingUrl));
    expect(reply.status).toBe(200);
    expect(reply.body).not.toContain('<script');
  });

  it('unknown authentication: 404; missing id: 400', async () => {
    expect((await t.acs('/3ds/fingerprint?authenticationId=nope')).status).toBe(404);
    expect((await t.acs('/3ds/fingerprint')).status).toBe(400);
  });

  it('fingerprint.js posts the protocol message to the referrer origin after its delay', () => {
    const posted = runScript(
      'fingerprint.js',
      { authenticationId: 'auth_1', delayMs: '300' },
      { referrer: `${MERCHANT}/checkout?x=1` },
    );
    expect(posted).toHaveLength(1);
    const [first] = posted;
    expect(first?.target).toBe('parent');
    expect(first?.origin).toBe(MERCHANT);
    expect(first?.message).toEqual({
      type: 'fingerprinting_result',
      authenticationId: 'auth_1',
      fingerprintingResult: expect.stringMatching(/^[A-Za-z0-9+/]+={0,2}$/),
    });
  });

  it("fingerprint.js uses '*' without a referrer", () => {
    const posted = runScript('fingerprint.js', { authenticationId: 'auth_1' });
    expect(posted[0]?.origin).toBe('*');
  });
});

describe('look-alike test pages', () => {
  it.each(['threeDs', 'api'] as const)(
    'served on the %s origin, framable, same-origin script',
    async (where) => {
      const reply =
        where === 'threeDs'
          ? await t.acs('/3ds/look-alike?kind=challenge&authenticationId=auth_9')
          : await t.api<string>('/sandbox/look-alike?kind=challenge&authenticationId=auth_9');
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
      expect(reply.headers.get('content-security-policy')).toContain('frame-ancestors *');
      const script = /<script src="([^"]+)"/.exec(reply.text)?.[1] ?? '';
      expect(reply.text).toContain('data-kind="challenge"');
      expect(reply.text).toContain('data-authentication-id="auth_9"');
      const base = where === 'threeDs' ? t.sandbox.threeDsUrl : t.sandbox.apiUrl;
      const js = await fetch(base + script);
      expect(js.status).toBe(200);
      expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    },
  );

  it('rejects an unknown kind', async () => {
    expect((await t.acs('/3ds/look-alike?kind=other')).status).toBe(400);
    expect((await t.api('/sandbox/look-alike?kind=other')).status).toBe(400);
  });

  it('look-alike.js posts both message forms to parent and top with "*", on every tick', () => {
    const posted = runScript(
      'look-alike.js',
      { kind: 'fingerprint', authenticationId: 'auth_3' },
      { ticks: 2 },
    );
    // one immediate round plus two ticks, 2 targets × 2 messages each
    expect(posted).toHaveLength(12);
    expect(new Set(posted.map((p) => p.origin))).toEqual(new Set(['*']));
    expect(new Set(posted.map((p) => p.target))).toEqual(new Set(['parent', 'top']));
    expect(posted[0]?.message).toEqual({
      type: 'fingerprinting_result',
      authenticationId: 'auth_3',
      fingerprintingResult: expect.any(String),
    });
    expect(typeof posted[1]?.message).toBe('string');
    const challenge = runScript('look-alike.js', { kind: 'challenge' });
    expect(challenge[0]?.message).toEqual({ type: 'challenge_complete' });
  });
});

describe('languages', () => {
  it('maps tags and Accept-Language to en, pt-BR or es', () => {
    expect(pickLanguage('pt')).toBe('pt-BR');
    expect(pickLanguage('pt-PT')).toBe('pt-BR');
    expect(pickLanguage('es-AR')).toBe('es');
    expect(pickLanguage('EN_gb')).toBe('en');
    expect(pickLanguage('fr')).toBeUndefined();
    expect(languageFromAcceptHeader('fr;q=0.9, pt;q=0.1, es;q=0.5')).toBe('es');
    expect(languageFromAcceptHeader('es;q=0, en')).toBe('en');
    expect(languageFromAcceptHeader(undefined)).toBeUndefined();
  });
});
