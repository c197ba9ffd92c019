/**
 * PostgreSQL alone on a charge's writes: `pgbench -M prepared` replays the script of
 * `pgbench-script.ts` at the given clients on the sandbox's own server, and its per-transaction
 * log gives p50/p99. Also the server's CPU and pgbench's own per transaction, as for the load cells.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PgbenchScript } from './pgbench-script';
import { percentile } from './stats';
import { childrenCpuMicros } from './wrk-cell';

export interface PgbenchResult {
  clients: number;
  seconds: number;
  version: string;
  transactionsPerSecond: number;
  transactions: number;
  failed: number;
  p50Ms: number;
  p99Ms: number;
  dbCpuMsPerTransaction?: number;
  pgbenchCpuMsPerTransaction: number;
}

/** pgbench on the PATH, else the newest in Debian's /usr/lib/postgresql/<version>/bin. */
export function findPgbench(): string | undefined {
  if (spawnSync('pgbench', ['--version']).error === undefined) return 'pgbench';
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const found = readdirSync(root)
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => join(root, version, 'bin', 'pgbench'))
    .find((path) => existsSync(path));
  return found;
}

export async function runPgbench(
  pgbench: string,
  databaseUrl: string,
  { script, defines }: PgbenchScript,
  clients: number,
  seconds: number,
  dbCpuMicros?: () => number,
): Promise<PgbenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-pgbench-'));
  try {
    const file = join(dir, 'charge.sql');
    writeFileSync(file, script);
    const args = [
      '-n',
      '-M',
      'prepared',
      '-c',
      String(clients),
      '-j',
      String(Math.min(2, clients)),
      '-T',
      String(seconds),
      '-f',
      file,
      '-l',
      `--log-prefix=${join(dir, 'tx')}`,
      ...Object.entries(defines).flatMap(([name, value]) => ['-D', `${name}=${value}`]),
      databaseUrl,
    ];
    const dbBefore = dbCpuMicros?.();
    const loadBefore = childrenCpuMicros();
    const child = spawn(pgbench, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      out += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), (seconds + 60) * 1000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    clearTimeout(timer);
    const loadUsed = childrenCpuMicros() - loadBefore;
    const dbUsed = dbBefore === undefined ? undefined : (dbCpuMicros?.() ?? 0) - dbBefore;
    if (code !== 0) throw new Error(`pgbench exited with ${code}:\n${out.slice(-2000)}`);
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
    if (tps === null) throw new Error(`pgbench printed no tps:\n${out.slice(-2000)}`);
    const times: number[] = [];
    let failed = 0;
    for (const name of readdirSync(dir).filter((n) => n.startsWith('tx.'))) {
      for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
        const time = line.split(' ')[2];
        if (time === undefined) continue;
        if (/^\d+$/.test(time)) times.push(Number(time) / 1000);
        else {
          failed++;
          if (failed === 1) process.stderr.write(`  pgbench log: ${line}\n`);
        }
      }
    }
    const per = (micros: number) =>
      times.length === 0 ? 0 : Math.round(micros / times.length) / 1000;
    return {
      clients,
      seconds,
      version: spawnSync(pgbench, ['--version'], { encoding: 'utf8' }).stdout.trim(),
      transactionsPerSecond: Math.round(Number(tps[1])),
      transactions: times.length,
      failed,
      p50Ms: Math.round(percentile(times, 50) * 10) / 10,
      p99Ms: Math.round(percentile(times, 99) * 10) / 10,
      ...(dbUsed === undefined ? {} : { dbCpuMsPerTransaction: per(dbUsed) }),
      pgbenchCpuMsPerTransaction: per(loadUsed),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
