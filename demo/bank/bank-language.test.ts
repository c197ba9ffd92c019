// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  pathOf,
  postChallengeCancel,
  postChallengeForm,
  startAuthentication,
  useSandbox,
} from '../testing/sandbox';

/*
 * The bank's pages speak the `browser.language` that authenticate carried, as a real ACS reads it
 * from the AReq: not a query parameter, not the request's Accept-Language, and so never the
 * widget's `locale`.
 */

const t = useSandbox();

/** What each page language says on the challenge form, and after a wrong code or a cancel. */
const WORDS = {
  'pt-BR': {
    intro: 'Digite o código',
    failed: 'O código não está correto',
    canceled: 'Você cancelou',
  },
  es: {
    intro: 'Introduzca el código',
    failed: 'El código no es correcto',
    canceled: 'Ha cancelado',
  },
  en: {
    intro: 'Enter the code we sent',
    failed: 'The code was not correct',
    canceled: 'You canceled',
  },
} as const;

/** An Accept-Language that points elsewhere: it may not decide. */
const MISLEADING = { headers: { 'Accept-Language': 'es-ES, es;q=0.9, pt-BR;q=0.8' } };

describe("the challenge page follows the authentication's browser.language", () => {
  it.each([
    ['pt-BR', 'pt-BR'],
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['es-MX', 'es'],
    ['es', 'es'],
    ['de-DE', 'en'],
    ['fr', 'en'],
    ['en-GB', 'en'],
  ] as const)('%s → %s, whatever Accept-Language or ?lang= say', async (language, expected) => {
    const { challengeUrl } = await startAuthentication(t, 'Direct challenge', language);
    const other = expected === 'es' ? 'pt-BR' : 'es';
    const path = pathOf(challengeUrl);
    const requests: Array<[string, Record<string, string>]> = [
      [path, {}],
      [path, { 'Accept-Language': other }],
      [`${path}&lang=${other}`, {}],
    ];
    for (const [url, headers] of requests) {
      const reply = await t.acs(url, { headers });
      expect(reply.status).toBe(200);
      expect(reply.body).toContain(`<html lang="${expected}">`);
      expect(reply.body).toContain(WORDS[expected].intro);
    }
    // The language is the authentication's, not a parameter of the URL the widget is given.
    expect(new URL(challengeUrl ?? '').searchParams.has('lang')).toBe(false);
  });

  it('the answers to the form and to Cancel stay in that language', async () => {
    const wrong = await startAuthentication(t, 'Challenge failed (wrong code)', 'pt-BR');
    const empty = await postChallengeForm(t, {
      authenticationId: wrong.authenticationId,
      code: '',
      lang: 'en',
    });
    expect(empty.status).toBe(422);
    expect(empty.body).toContain('<html lang="pt-BR">');
    expect(empty.body).toContain('Digite o código que enviamos para você.');
    const failed = await postChallengeForm(t, {
      authenticationId: wrong.authenticationId,
      code: '0000',
      lang: 'en',
    });
    expect(failed.body).toContain('<html lang="pt-BR">');
    expect(failed.body).toContain(WORDS['pt-BR'].failed);

    const { authenticationId, challengeUrl } = await startAuthentication(
      t,
      'Direct challenge',
      'es-MX',
    );
    const page = await t.acs(pathOf(challengeUrl));
    expect(page.body).toMatch(/<button [^>]*class="acs-cancel"[^>]*>Cancelar<\/button>/);
    const canceled = await postChallengeCancel(
      t,
      { authenticationId, lang: 'en' },
      { Origin: t.sandbox.threeDsUrl, 'Accept-Language': 'en' },
    );
    expect(canceled.status).toBe(200);
    expect(canceled.body).toContain('<html lang="es">');
    expect(canceled.body).toContain(WORDS.es.canceled);
  });

  it('the fingerprinting page speaks it too', async () => {
    const { fingerprintingUrl } = await startAuthentication(
      t,
      'Fingerprint then challenge',
      'pt-BR',
    );
    const reply = await t.acs(pathOf(fingerprintingUrl), MISLEADING);
    expect(reply.body).toContain('<html lang="pt-BR">');
    expect(reply.body).toContain('<title>Verificando seu dispositivo</title>');
  });

  it('with no authentication to read, Accept-Language picks the notice, else English', async () => {
    const unknown = await t.acs('/3ds/challenge?authenticationId=missing', MISLEADING);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain('<html lang="es">');
    const plain = await t.acs('/3ds/fingerprint?authenticationId=missing');
    expect(plain.body).toContain('<html lang="en">');
  });
});
