import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the build reads: a change to any of these makes dist/ stale. */
const SOURCES = ['src', 'vite.config.ts', 'tsconfig.build.json', 'package-lock.json'];
const OUTPUTS = ['dist/secure-checkout.js', 'dist/secure-checkout.mjs'];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Why dist/ needs a build, or undefined when it is up to date. */
export function staleReason(root: string): string | undefined {
  const outputs = OUTPUTS.map((file) => join(root, file));
  const missing = outputs.find((file) => !existsSync(file));
  if (missing) return `${missing} is missing`;
  const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const sources = SOURCES.map((path) => join(root, path)).filter((path) => existsSync(path));
  const changed = sources.find((path) => newestMtime(path) > built);
  return changed ? `${changed} changed after the last build` : undefined;
}

/** `npm run build` when dist/ is missing or older than the sources; its output goes to stderr. */
export function ensureBuild(root: string, log: (line: string) => void): boolean {
  const reason = staleReason(root);
  if (reason === undefined) return false;
  log(`building: ${reason}`);
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: ['ignore', process.stderr, process.stderr],
    timeout: 300_000,
  });
  if (result.status !== 0)
    throw new Error(`npm run build failed (${result.error?.message ?? `exit ${result.status}`})`);
  return true;
}
