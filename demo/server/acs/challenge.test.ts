// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import {
  KEYS,
  pathOf,
  postChallengeForm,
  runScript,
  startAuthentication,
  useSandbox,
} from '../../testing/sandbox';
import { ASSETS_DIR } from '../http/middleware';

const t = useSandbox();
const MERCHANT = 'http://127.0.0.1:4999';

const newAuthentication = (scenario: string, language?: string) =>
  startAuthentication(t, scenario, language);

const challengeResult = (authenticationId: string) =>
  t.api('/v1/three-ds/challenge-result', { key: KEYS.publishable, body: { authenticationId } });

describe('challenge page', () => {
  it('renders an accessible one-time-code form in the language of the authentication', async () => {
    const { authenticationId, challengeUrl } = await newAuthentication('Direct challenge', 'es-MX');
    const reply = await t.acs(pathOf(challengeUrl), { headers: { Referer: `${MERCHANT}/pay` } });
    expect(reply.status).toBe(200);
    const html = reply.body;
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<label for="acs-code">Código de un solo uso</label>');
    expect(html).toMatch(/<input id="acs-code" name="code"[^>]*autocomplete="one-time-code"/);
    expect(html).toContain('role="alert"');
    expect(html).toContain('1234');
    expect(html).toContain('<button type="submit">Enviar</button>');
    expect(html).toMatch(/<a class="acs-cancel" href="[^"]+">Cancelar<\/a>/);
    expect(html).toContain(`name="authenticationId" value="${authenticationId}"`);
    expect(html).toContain(`name="parentOrigin" value="${MERCHANT}"`);
    expect(html).toContain('<link rel="stylesheet" href="/3ds/assets/acs.css">');
  });

  it('the right code records success; the page then posts the completion message', async () => {
    const { authenticationId } = await newAuthentication('Direct challenge');
    const done = await postChallengeForm(t, {
      authenticationId,
      code: '1234',
      parentOrigin: MERCHANT,
    });
    expect(done.status).toBe(200);
    expect(done.body).toContain('<script src="/3ds/assets/complete.js" defer></script>');
    expect(done.body).toContain(`data-authentication-id="${authenticationId}"`);
    expect(done.body).toContain(`data-parent-origin="${MERCHANT}"`);
    expect(done.body).toContain('data-result="success"');
    expect((await challengeResult(authenticationId)).body).toMatchObject({
      state: 'success',
      eci: '05',
    });
  });

  it('a wrong code records failure', async () => {
    const { authenticationId } = await newAuthentication('Challenge failed (wrong code)', 'pt-BR');
    const done = await postChallengeForm(t, { authenticationId, code: '9999' });
    expect(done.status).toBe(200);
    expect(done.body).toContain('O código não está correto');
    expect((await challengeResult(authenticationId)).body).toMatchObject({
      state: 'failure',
      eci: '07',
      cryptogram: '',
    });
  });

  it('an empty code is refused and announced, without recording anything', async () => {
    const { authenticationId } = await newAuthentication('Direct challenge');
    const reply = await postChallengeForm(t, { authenticationId, code: '  ' });
    expect(reply.status).toBe(422);
    expect(reply.body).toContain('aria-invalid="true"');
    expect(reply.body).toMatch(/role="alert"[^>]*>Enter the code we sent you\.<\/p>/);
    expect((await challengeResult(authenticationId)).status).toBe(400);
  });

  it('Cancel records a cardholder cancel: challenge-result state failure', async () => {
    const { authenticationId, challengeUrl } = await newAuthentication('Direct challenge');
    const page = await t.acs(pathOf(challengeUrl), { headers: { Referer: `${MERCHANT}/` } });
    const href = /class="acs-cancel" href="([^"]+)"/.exec(page.body)?.[1]?.replaceAll('&amp;', '&');
    const done = await t.acs(href ?? '');
    expect(done.status).toBe(200);
    expect(done.body).toContain('data-result="canceled"');
    expect(done.body).toContain(`data-parent-origin="${MERCHANT}"`);
    expect((await challengeResult(authenticationId)).body).toMatchObject({ state: 'failure' });
    const submit = await t.api('/v1/three-ds/submit', {
      key: KEYS.publishable,
      body: { authenticationId },
    });
    expect(submit.body).toMatchObject({ status: 'failed', outcome: 'abandoned' });
  });

  it('a completed challenge cannot be answered again; its page shows the completion', async () => {
    const { authenticationId } = await newAuthentication('Direct challenge');
    await postChallengeForm(t, { authenticationId, code: '0000' });
    await postChallengeForm(t, { authenticationId, code: '1234' });
    expect((await challengeResult(authenticationId)).body).toMatchObject({ state: 'failure' });
    const page = await t.acs(`/3ds/challenge?authenticationId=${authenticationId}`);
    expect(page.body).toContain('data-result="failure"');
  });

  it('no challenge pending (frictionless): 409 notice; unknown id: 404', async () => {
    const { authenticationId } = await newAuthentication('Frictionless success');
    expect((await t.acs(`/3ds/challenge?authenticationId=${authenticationId}`)).status).toBe(409);
    expect((await t.acs('/3ds/challenge?authenticationId=missing')).status).toBe(404);
    expect((await postChallengeForm(t, { authenticationId: 'missing', code: '1234' })).status).toBe(
      404,
    );
  });

  it('refuses a form posted from another origin (CSRF)', async () => {
    const { authenticationId } = await newAuthentication('Direct challenge');
    const reply = await postChallengeForm(
      t,
      { authenticationId, code: '1234' },
      'http://evil.example',
    );
    expect(reply.status).toBe(403);
    expect((await challengeResult(authenticationId)).status).toBe(400);
  });

  it('complete.js posts challenge_complete to the carried parent origin', () => {
    const posted = runScript('complete.js', { authenticationId: 'auth_2', parentOrigin: MERCHANT });
    expect(posted).toEqual([
      {
        target: 'parent',
        message: { type: 'challenge_complete', authenticationId: 'auth_2' },
        origin: MERCHANT,
      },
    ]);
    // After the POST the referrer is the 3DS page itself: not a target.
    const fallback = runScript(
      'complete.js',
      { authenticationId: 'auth_2' },
      {
        referrer: 'http://localhost:4011/3ds/challenge',
      },
    );
    expect(fallback[0]?.origin).toBe('*');
  });

  it('challenge.js keeps the parent origin, refuses an empty code and announces it', async () => {
    const { challengeUrl } = await newAuthentication('Direct challenge');
    const html = (await t.acs(pathOf(challengeUrl))).body;
    const window = new Window({ url: challengeUrl ?? '' });
    Object.defineProperty(window.document, 'referrer', { value: `${MERCHANT}/shop` });
    window.document.body.innerHTML = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '';
    window.eval(readFileSync(join(ASSETS_DIR, 'challenge.js'), 'utf8'));
    const doc = window.document;
    const field = doc.querySelector('input[name="parentOrigin"]') as unknown as { value: string };
    expect(field.value).toBe(MERCHANT);
    expect(doc.querySelector('.acs-cancel')?.getAttribute('href')).toContain(
      `parentOrigin=${encodeURIComponent(MERCHANT)}`,
    );
    const submit = new window.Event('submit', { cancelable: true });
    doc.getElementById('acs-form')?.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(doc.getElementById('acs-code-error')?.textContent).toBe('Enter the code we sent you.');
    expect(doc.getElementById('acs-code')?.getAttribute('aria-invalid')).toBe('true');
    await window.happyDOM.close();
  });
});
