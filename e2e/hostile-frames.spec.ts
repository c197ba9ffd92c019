import { expect, type Frame, type Page, test } from '@playwright/test';
import {
  addHostileFrame,
  otherHost,
  type Phase,
  postCatalog,
  prototypeKeys,
  removeHostileFrames,
} from './hostile-messages';
import { eventId, frameOf, installProbe, readProbe, widgetIframe } from './hostile-support';
import { SANDBOX } from './sandbox-urls';
import {
  answerChallenge,
  challengeFrame,
  eventTypes,
  expectClean,
  openEnginePage,
  outcome,
  scenario,
  startFlow,
} from './support';

// Frames and the page post everything the sandbox's 3DS pages post, and variants, with the right
// authenticationId. Only our own frame, on the origin we loaded, may end a step.

test.beforeEach(async ({ page }) => {
  await installProbe(page);
  await openEnginePage(page);
});

interface Tally {
  /** Catalog messages each poster reported as posted. */
  posted: Record<string, number>;
  total: number;
}

/** Every foreign poster of a phase posts the whole catalog; returns what each posted. */
async function postFromStrangers(page: Page, phase: Phase, id: string): Promise<Tally> {
  const kind = `kind=${phase}&authenticationId=${encodeURIComponent(id)}`;
  // The bank's real page for this authentication, with the page token our frame's URL carries
  // (the bank opens a page only with it): the fingerprinting page that does post its result.
  const src = await widgetIframe(page).getAttribute('src', { timeout: 10_000 });
  const token = new URL(src ?? '', SANDBOX.threeDs).searchParams.get('token');
  expect(token, 'the page token in our frame’s URL').toBeTruthy();
  const query = new URLSearchParams({ authenticationId: id, token: token ?? '' });
  const genuine = `/3ds/${phase === 'fingerprint' ? 'fingerprint' : 'challenge'}?${query}`;
  const strangers: [string, string][] = [
    ['3DS origin, look-alike page', `${SANDBOX.threeDs}/3ds/look-alike?${kind}`],
    ['3DS origin, a second copy of the real page', `${SANDBOX.threeDs}${genuine}`],
    [
      '3DS server under its other host name',
      `${otherHost(SANDBOX.threeDs)}/3ds/look-alike?${kind}`,
    ],
    ['3DS server under its other host name, real page', `${otherHost(SANDBOX.threeDs)}${genuine}`],
    ['API origin, look-alike page', `${SANDBOX.api}/sandbox/look-alike?${kind}`],
    ['the page’s own origin (about:blank frame)', 'about:blank'],
  ];
  const posted: Record<string, number> = {};
  for (const [name, src] of strangers) {
    const frame = await addHostileFrame(page, src);
    posted[name] = await frame.evaluate(postCatalog, { id });
  }
  posted['the page itself'] = await page.evaluate(postCatalog, { id, toSelf: true });
  return { posted, total: Object.values(posted).reduce((a, b) => a + b, 0) };
}

/**
 * Our own frame: first, on the right origin, everything it may not say in this phase; then,
 * navigated to the API origin (same window, wrong origin), everything.
 */
async function postFromOurFrame(page: Page, phase: Phase, id: string, tally: Tally) {
  const ours = await frameOf(widgetIframe(page));
  const home = ours.url();
  tally.posted['our frame, right origin, invalid shapes'] = await ours.evaluate(postCatalog, {
    id,
    onlyInvalidIn: phase,
  });
  const away = `${SANDBOX.api}/sandbox/look-alike?kind=${phase}&authenticationId=${id}`;
  await navigateFrom(ours, away);
  const moved: Frame = await frameOf(widgetIframe(page));
  await moved.waitForURL(away);
  tally.posted['our frame navigated to the API origin'] = await moved.evaluate(postCatalog, {
    id,
  });
  tally.total = Object.values(tally.posted).reduce((a, b) => a + b, 0);
  return { moved, home };
}

/** The frame navigates itself (after evaluate returned: the navigation swaps its process). */
const navigateFrom = (frame: Frame, url: string) =>
  frame.evaluate((href) => void setTimeout(() => location.assign(href)), url);

/** Waits until the page got at least what was posted, and returns all it got. */
async function received(page: Page, atLeast: number): Promise<number> {
  const total = async () =>
    Object.values((await readProbe(page)).received).reduce((a, b) => a + b, 0);
  await expect.poll(total).toBeGreaterThanOrEqual(atLeast);
  return total();
}

function report(name: string, tally: Tally, got: number) {
  const lines = Object.entries(tally.posted).map(([who, n]) => `${who}: ${n}`);
  const text = `${tally.total} catalog messages posted (${lines.join('; ')}); ${got} delivered to the page in all`;
  test.info().annotations.push({ type: `messages: ${name}`, description: text });
  console.log(`[hostile] ${name}: ${text}`);
}

test('fingerprinting: no stranger and no wrong shape is believed; the step ends by timeout', async ({
  page,
}) => {
  const { card } = await scenario('Fingerprinting page never answers');
  const cleanPrototype = await prototypeKeys(page);
  const submit = page.waitForRequest((r) => r.url().endsWith('/v1/three-ds/submit'), {
    timeout: 30_000,
  });
  // Long enough for every message to arrive first on a loaded machine (8 s once was not).
  await startFlow(page, card, { fingerprintTimeoutMs: 16_000 });
  const id = await eventId(page, 'fingerprint:start');

  const tally = await postFromStrangers(page, 'fingerprint', id);
  await postFromOurFrame(page, 'fingerprint', id, tally);
  const got = await received(page, tally.total);
  await page.waitForTimeout(500); // the look-alike pages repeat every 100 ms
  // All of it arrived while the step was still waiting, or this test would prove nothing.
  expect(await eventTypes(page)).toEqual(['authenticate:start', 'fingerprint:start']);

  expect((await submit).postDataJSON()).toEqual({ authenticationId: id });
  expect(await outcome(page)).toMatchObject({ ok: true, result: { status: 'succeeded' } });
  expect(await eventTypes(page)).toEqual([
    'authenticate:start',
    'fingerprint:start',
    'fingerprint:timeout',
    'result',
  ]);
  expect(await prototypeKeys(page)).toEqual(cleanPrototype);
  report('fingerprinting', tally, got);
  expect(tally.total).toBeGreaterThan(300);
  await removeHostileFrames(page);
  await expectClean(page);
});

test('challenge: no stranger and no wrong shape closes it; only the real page completes it', async ({
  page,
}) => {
  const { card } = await scenario('Direct challenge');
  const cleanPrototype = await prototypeKeys(page);
  await startFlow(page, card);
  const id = await eventId(page, 'challenge:shown');
  await expect(challengeFrame(page).locator('#acs-code')).toBeVisible();

  const tally = await postFromStrangers(page, 'challenge', id);
  const { moved, home } = await postFromOurFrame(page, 'challenge', id, tally);
  const got = await received(page, tally.total);
  await page.waitForTimeout(500); // the look-alike pages repeat every 100 ms

  await expect(page.locator('dialog')).toBeVisible();
  expect(await page.evaluate(() => window.e2e.settled)).toBe(false);
  expect(await eventTypes(page)).toEqual(['authenticate:start', 'challenge:shown']);

  // Our frame back on the bank's page: the shopper answers, and that completes the challenge.
  await navigateFrom(moved, home);
  await answerChallenge(page, 'approve');
  expect(await outcome(page)).toMatchObject({
    ok: true,
    result: { status: 'succeeded', threeDS: { state: 'success' } },
  });
  expect(await eventTypes(page)).toEqual([
    'authenticate:start',
    'challenge:shown',
    'challenge:complete',
    'result',
  ]);
  expect(await prototypeKeys(page)).toEqual(cleanPrototype);
  report('challenge', tally, got);
  expect(tally.total).toBeGreaterThan(300);
  await removeHostileFrames(page);
  await expectClean(page);
});
