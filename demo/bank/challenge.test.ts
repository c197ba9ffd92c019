// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type HTMLElement as PageElement, Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import {
  bankPagePath,
  KEYS,
  pathOf,
  postChallengeCancel,
  postChallengeForm,
  runScript,
  startAuthentication,
  useSandbox,
} from '../testing/sandbox';
import { ASSETS_DIR } from './assets';

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
    expect(html).toContain('<button type="submit" id="acs-submit">Enviar</button>');
    // Cancel posts the same form elsewhere: a button, never a link a GET could follow.
    expect(html).toContain(
      '<button type="submit" class="acs-cancel" formaction="/3ds/challenge/cancel" formnovalidate>Cancelar</button>',
    );
    expect(html).not.toContain('<a class="acs-cancel"');
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

  it('Cancel (a same-origin POST) records a cardholder cancel: challenge-result state failure', async () => {
    const { authenticationId } = await newAuthentication('Direct challenge');
    const done = await postChallengeCancel(
      t,
      { authenticationId, parentOrigin: MERCHANT, code: '' },
      { Origin: t.sandbox.threeDsUrl, 'Sec-Fetch-Site': 'same-origin' },
    );
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

  it('a cross-site GET of the cancel path changes nothing: 405, the challenge still pending', async () => {
    const { authenticationId, challengeUrl } = await newAuthentication('Direct challenge');
    const query = new URLSearchParams({ authenticationId, parentOrigin: MERCHANT });
    const reply = await t.acs(`/3ds/challenge/cancel?${query}`, {
      headers: { 'Sec-Fetch-Site': 'cross-site', Referer: 'http://evil.example/' },
    });
    expect(reply.status).toBe(405);
    expect(reply.headers.get('Allow')).toBe('POST');
    expect(reply.body).not.toContain('data-result');
    expect((await challengeResult(authenticationId)).status).toBe(400);
    const page = await t.acs(pathOf(challengeUrl));
    expect(page.status).toBe(200);
    expect(page.body).toContain('id="acs-form"');
  });

  it('a cancel posted from another site is refused (403) and changes nothing', async () => {
    const { authenticationId } = await newAuthentication('Direct challenge');
    for (const headers of [
      { Origin: 'http://evil.example', 'Sec-Fetch-Site': 'cross-site' },
      // The merchant's page is another origin too: only the bank's own page may cancel.
      { Origin: MERCHANT, 'Sec-Fetch-Site': 'same-site' },
      // No browser header at all (a script, a proxy): nothing says it came from the page.
      {} as Record<string, string>,
    ]) {
      const reply = await postChallengeCancel(t, { authenticationId }, headers);
      expect(reply.status, JSON.stringify(headers)).toBe(403);
      expect(reply.body).toContain('This form may only be sent from the verification page.');
    }
    // A JSON body skips csrf()'s form check but is no form: nothing to read, 400.
    const json = await t.acs('/3ds/challenge/cancel', {
      method: 'POST',
      body: { authenticationId },
      headers: { Origin: 'http://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(json.status).toBe(400);
    expect((await challengeResult(authenticationId)).status).toBe(400);
  });

  it('a completed challenge cannot be answered again; its page shows the completion', async () => {
    const { authenticationId } = await newAuthentication('Direct challenge');
    await postChallengeForm(t, { authenticationId, code: '0000' });
    await postChallengeForm(t, { authenticationId, code: '1234' });
    expect((await challengeResult(authenticationId)).body).toMatchObject({ state: 'failure' });
    const page = await t.acs(await bankPagePath(t, 'challenge', authenticationId));
    expect(page.body).toContain('data-result="failure"');
  });

  it('no challenge pending (frictionless): 409 notice; unknown id: 404', async () => {
    const { authenticationId } = await newAuthentication('Frictionless success');
    expect((await t.acs(await bankPagePath(t, 'challenge', authenticationId))).status).toBe(409);
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
    // Cancel is a button of the same form: it takes the field's parent origin with it.
    const cancel = (doc.querySelector('button.acs-cancel') ?? undefined) as PageElement | undefined;
    expect(cancel?.closest('form')?.id).toBe('acs-form');
    // Cancel needs no code: its submit goes through with the field empty.
    const viaCancel = new window.SubmitEvent('submit', { cancelable: true, submitter: cancel });
    doc.getElementById('acs-form')?.dispatchEvent(viaCancel);
    expect(viaCancel.defaultPrevented).toBe(false);
    expect(doc.getElementById('acs-code-error')?.textContent).toBe('');
    const submit = new window.Event('submit', { cancelable: true });
    doc.getElementById('acs-form')?.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(doc.getElementById('acs-code-error')?.textContent).toBe('Enter the code we sent you.');
    expect(doc.getElementById('acs-code')?.getAttribute('aria-invalid')).toBe('true');
    await window.happyDOM.close();
  });
});

describe('the bank’s pages open only for their own flow (the page token)', () => {
  const tokenOf = (url: string | undefined) => new URL(url ?? '').searchParams.get('token') ?? '';

  it('the URL the service answered opens; the id without its token, or with another’s, is a 404', async () => {
    const first = await newAuthentication('Direct challenge');
    const second = await newAuthentication('Direct challenge');
    expect(tokenOf(first.challengeUrl)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await t.acs(pathOf(first.challengeUrl))).status).toBe(200);
    const id = encodeURIComponent(first.authenticationId);
    for (const token of ['', 'x', tokenOf(second.challengeUrl)]) {
      const reply = await t.acs(`/3ds/challenge?authenticationId=${id}&token=${token}`);
      expect(reply.status, token).toBe(404);
      expect(reply.body).not.toContain('acs-form');
    }
    expect((await t.acs(`/3ds/challenge?authenticationId=${id}`)).status).toBe(404);
    const fingerprint = await newAuthentication('Fingerprint then challenge');
    const fid = encodeURIComponent(fingerprint.authenticationId);
    expect((await t.acs(`/3ds/fingerprint?authenticationId=${fid}`)).status).toBe(404);
  });

  it('the code or Cancel posted with a wrong token is a 404 and changes nothing', async () => {
    const { authenticationId, challengeUrl } = await newAuthentication('Direct challenge');
    const page = await t.acs(pathOf(challengeUrl));
    // The form carries the token back.
    expect(page.body).toContain(`name="token" value="${tokenOf(challengeUrl)}"`);
    for (const token of ['', 'forged']) {
      const code = await postChallengeForm(t, { authenticationId, token, code: '1234' });
      expect(code.status).toBe(404);
      const cancel = await postChallengeCancel(t, { authenticationId, token });
      expect(cancel.status).toBe(404);
    }
    // Still pending: challenge-result has nothing to say yet.
    expect((await challengeResult(authenticationId)).status).toBe(400);
    const done = await postChallengeForm(t, {
      authenticationId,
      token: tokenOf(challengeUrl),
      code: '1234',
    });
    expect(done.status).toBe(200);
    expect((await challengeResult(authenticationId)).body).toMatchObject({ state: 'success' });
  });
});
