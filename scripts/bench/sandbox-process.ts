/**
 * The sandbox of `bench:sandbox` in a process of its own (`sandbox-server.ts`), through
 * scripts/with-postgres.mjs for PostgreSQL; `nodeOptions` go to its Node (e.g. `--cpu-prof`).
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { ServerLine, ServerMemory, ServerRows } from './sandbox-server';

const ROOT = join(import.meta.dirname, '..', '..');
/** Start-up bound: a throwaway cluster's initdb included. */
export const READY_TIMEOUT_MS = 120_000;
const EXIT_TIMEOUT_MS = 20_000;

export type DatabaseKind = 'pglite' | 'postgres';

/** The server process, through with-postgres.mjs for PostgreSQL; its JSON lines in order. */
export function spawnServer(kind: DatabaseKind, nodeOptions: readonly string[] = []) {
  const server = [
    ...nodeOptions,
    '--import',
    'tsx',
    join(ROOT, 'scripts', 'bench', 'sandbox-server.ts'),
  ];
  const [exe, args] =
    kind === 'pglite'
      ? [process.execPath, server]
      : [
          process.execPath,
          [join(ROOT, 'scripts', 'with-postgres.mjs'), process.execPath, ...server],
        ];
  const child = spawn(exe, args, {
    cwd: ROOT,
    env: { ...process.env, BENCH_DATABASE: kind },
    stdio: ['pipe', 'pipe', 'pipe'],
  }) as ChildProcessWithoutNullStreams;
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const waiting: ((line: ServerLine) => void)[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith('{')) waiting.shift()?.(JSON.parse(line));
    else process.stderr.write(`  ${line}\n`);
  });
  const next = <T extends ServerLine>(timeoutMs: number) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`sandbox did not answer in ${timeoutMs} ms\n${stderr.slice(-2000)}`)),
        timeoutMs,
      );
      const exited = (code: number | null) => {
        clearTimeout(timer);
        reject(new Error(`sandbox exited (${code})\n${stderr.slice(-2000)}`));
      };
      child.once('exit', exited);
      waiting.push((line) => {
        clearTimeout(timer);
        child.off('exit', exited);
        resolve(line as T);
      });
    });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stdin.end();
    const timer = setTimeout(() => child.kill('SIGKILL'), EXIT_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };
  const memory = () => {
    const reply = next<ServerMemory>(10_000);
    child.stdin.write('rss\n');
    return reply;
  };
  const rows = () => {
    const reply = next<ServerRows>(30_000);
    child.stdin.write('rows\n');
    return reply;
  };
  /** A command on stdin and the JSON line it answers (see sandbox-server.ts). */
  const ask = <T extends ServerLine>(command: string, timeoutMs = 30_000) => {
    const reply = next<T>(timeoutMs);
    child.stdin.write(`${command}\n`);
    return reply;
  };
  /** A command that answers nothing. */
  const tell = (command: string) => {
    child.stdin.write(`${command}\n`);
  };
  return { next, stop, memory, rows, ask, tell };
}
