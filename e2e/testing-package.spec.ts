/**
 * `secure-checkout/testing` as a merchant gets it: the package packed (`npm pack`, after `npm run
 * build`), installed with @playwright/test into a scratch project of its own, whose spec
 * (e2e/testing-package/checkout.ts: only the package and Playwright imported) pays a card with a
 * challenge and a PIX code on this suite's sandbox, and sees a helper's timeout name what it
 * waited for. npm installs from its cache (--prefer-offline): the repository's install put the
 * packages there.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { SANDBOX } from './sandbox-urls';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..');
const FIXTURE = join(import.meta.dirname, 'testing-package');

/** The Playwright this repository installed: the scratch project asks npm for the same one. */
const playwrightVersion = async () =>
  (
    JSON.parse(
      await readFile(join(ROOT, 'node_modules/@playwright/test/package.json'), 'utf8'),
    ) as {
      version: string;
    }
  ).version;

/** Only what npm and Playwright need: none of this run's own Playwright variables. */
const cleanEnv = (): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  ...(process.env.CHROMIUM_PATH && { CHROMIUM_PATH: process.env.CHROMIUM_PATH }),
  SANDBOX_DEMO_URL: SANDBOX.demo,
  SANDBOX_API_URL: SANDBOX.api,
});

test('a scratch project installs the packed tarball and pays a challenged card and a PIX code with its helpers', async () => {
  test.setTimeout(300_000);
  const testInfo = test.info();
  const dir = await mkdtemp(join(tmpdir(), 'secure-checkout-testing-'));
  const timings: Record<string, number> = {};
  const timed = async <T>(name: string, step: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      return await step();
    } finally {
      timings[name] = Math.round(performance.now() - start);
    }
  };
  try {
    await timed('pack', () =>
      run('npm', ['pack', '--pack-destination', dir, '--silent'], { cwd: ROOT, env: cleanEnv() }),
    );
    const [tarball] = (await readdir(dir)).filter((file) => file.endsWith('.tgz'));
    expect(tarball).toMatch(/^secure-checkout-[\d.]+\.tgz$/);

    const project = join(dir, 'merchant');
    await mkdir(join(project, 'tests'), { recursive: true });
    await writeFile(
      join(project, 'package.json'),
      JSON.stringify({ name: 'merchant-checkout-tests', private: true, type: 'module' }),
    );
    await copyFile(join(FIXTURE, 'playwright.config.ts'), join(project, 'playwright.config.ts'));
    await copyFile(join(FIXTURE, 'checkout.ts'), join(project, 'tests', 'checkout.spec.ts'));
    const install = [
      'install',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      join(dir, tarball as string),
      `@playwright/test@${await playwrightVersion()}`,
    ];
    await timed('install', () => run('npm', install, { cwd: project, env: cleanEnv() }));

    const tests = await timed('playwright test', () =>
      run('npx', ['--no-install', 'playwright', 'test'], {
        cwd: project,
        env: cleanEnv(),
        maxBuffer: 16 * 1024 * 1024,
      }).catch((error: { stdout?: string; stderr?: string }) => error),
    );
    await testInfo.attach('scratch project output', {
      body: `${tests.stdout ?? ''}\n${tests.stderr ?? ''}`,
      contentType: 'text/plain',
    });
    const report = JSON.parse(await readFile(join(project, 'report.json'), 'utf8')) as {
      stats: { expected: number; unexpected: number; skipped: number };
    };
    console.log(`scratch project (ms): ${JSON.stringify(timings)}`);
    expect(report.stats, tests.stdout).toMatchObject({ expected: 3, unexpected: 0, skipped: 0 });
    await rm(dir, { recursive: true, force: true });
  } catch (error) {
    console.log(`scratch project kept for a look: ${dir}`);
    throw error;
  }
});
