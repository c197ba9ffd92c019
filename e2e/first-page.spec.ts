import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { SANDBOX } from './sandbox-urls';
import { answerChallenge, fillCardForm } from './support';

/**
 * The README's "Your first checkout page", run as a newcomer runs it: its three blocks saved as
 * they stand into a new folder, the package as `npm pack` makes it unpacked into
 * node_modules/secure-checkout, `node server.mjs`, and a shopper paying in Chromium. Only the
 * environment points the server at this suite's sandbox and port.
 */

const ROOT = join(import.meta.dirname, '..');

/**
 * The fenced blocks of the README's "Your first checkout page" whose first line names their file
 * (`// server.mjs: …`); a name given twice is an error, not a silent choice.
 */
function firstPageFiles(readme: string): Record<string, string> {
  const section = readme.split(/^## /m).find((part) => part.startsWith('Your first checkout page'));
  if (!section) throw new Error('README.md has no "Your first checkout page" section');
  const files: Record<string, string> = {};
  for (const [, body = ''] of section.matchAll(/^```(?:html|js)\n([\s\S]*?)^```$/gm)) {
    const name = /^(?:<!-- |\/\/ )([\w-]+\.(?:html|js|mjs))\b/.exec(body)?.[1];
    if (!name) continue;
    if (Object.hasOwn(files, name)) throw new Error(`README.md gives ${name} twice`);
    files[name] = body;
  }
  return files;
}

let folder = '';
let server: ChildProcess | undefined;
let address = '';

test.beforeAll(async () => {
  const files = firstPageFiles(readFileSync(join(ROOT, 'README.md'), 'utf8'));
  expect(Object.keys(files).sort()).toEqual(['checkout.html', 'checkout.js', 'server.mjs']);
  folder = mkdtempSync(join(tmpdir(), 'first-page-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
  // The package as published: `npm pack` of the built dist/, unpacked where npm would put it.
  const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', folder], {
    cwd: ROOT,
    encoding: 'utf8',
  }).trim();
  const installed = join(folder, 'node_modules', 'secure-checkout');
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', ['-xzf', join(folder, tarball), '-C', installed, '--strip-components=1']);

  const port = String(SANDBOX.ports.demo + 20);
  server = spawn(process.execPath, ['server.mjs'], {
    cwd: folder,
    env: { ...process.env, PORT: port, PAYMENTS_BASE_URL: SANDBOX.api },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const started = server;
  let output = '';
  address = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server.mjs did not start: ${output}`)),
      15_000,
    );
    const read = (chunk: Buffer) => {
      output += chunk;
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(output)?.[0];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    };
    started.stdout?.on('data', read);
    started.stderr?.on('data', read);
    started.on('exit', (code) => reject(new Error(`server.mjs exited (${code}): ${output}`)));
  });
  expect(address).toBe(`http://127.0.0.1:${port}`);
});

test.afterAll(() => {
  server?.kill();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Pays on the page; resolves with the charge /pay answered. */
async function payOnFirstPage(page: Page, card: string, challenge = false) {
  await page.goto(address);
  const form = page.locator('secure-checkout-form');
  await form.getByLabel('Full name').fill('Ana Souza');
  await form.getByLabel('Email').fill('ana.souza@example.com');
  await fillCardForm(page, card);
  const answered = page.waitForResponse((r) => r.url() === `${address}/pay`);
  await form.getByRole('button', { name: /^Pay / }).click();
  if (challenge) await answerChallenge(page, 'approve');
  const reply = await answered;
  expect(reply.status()).toBe(200);
  await expect(form.getByRole('status')).toHaveText('Payment approved. Thank you!');
  return (await reply.json()) as Record<string, unknown>;
}

test('frictionless: the charge is paid, with the server’s amount, items and the customer typed', async ({
  page,
}) => {
  const charge = await payOnFirstPage(page, '4000000000000010');
  expect(charge).toMatchObject({
    status: 'paid',
    amount: 120.5,
    currency: 'BRL',
    customer: { name: 'Ana Souza', email: 'ana.souza@example.com' },
    items: [{ type: 'physical', name: 'Mug 350 ml', amount: 120.5, quantity: 1 }],
    threeDS: { state: 'success' },
  });
});

test('a challenge: the dialog comes from secure-checkout-challenge.js beside the script, code 1234', async ({
  page,
}) => {
  const sibling = page.waitForResponse(
    (r) => r.url() === `${address}/secure-checkout-challenge.js`,
  );
  const charge = await payOnFirstPage(page, '4000000000000044', true);
  expect((await sibling).status()).toBe(200);
  expect(charge).toMatchObject({ status: 'paid', threeDS: { state: 'success' } });
});

test('the issuer declines: the form says so and offers to try again', async ({ page }) => {
  await page.goto(address);
  const form = page.locator('secure-checkout-form');
  await form.getByLabel('Full name').fill('Ana Souza');
  await form.getByLabel('Email').fill('ana.souza@example.com');
  await fillCardForm(page, '4000000000000150');
  await form.getByRole('button', { name: /^Pay / }).click();
  await expect(form.getByRole('status')).toContainText('The payment was declined.');
  await expect(form.getByRole('button', { name: 'Try again' })).toBeVisible();
});
