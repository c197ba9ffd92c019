/**
 * `npm run bench [-- --json] [-- --runs N]`: sizes against peers, flow times against the sandbox
 * at 100 ms latency, script-to-interactive and long tasks, and the size and speed targets (scripts/bench/targets.ts).
 * Progress goes to stderr; stdout gets the tables, or with --json one JSON object.
 */
import { cpus, loadavg, release, type } from 'node:os';
import { join } from 'node:path';
import { ensureBuild } from './build-check';
import { type BenchEnv, LATENCY_MS, startEnv } from './env';
import { measureFlows } from './flows';
import { measureInteractive } from './interactive';
import { adyenCss, peerSizes } from './peers';
import { type BenchResult, formatReport } from './report';
import { ourSizes } from './sizes';
import { judge } from './targets';
import { type TracedTasks, traceLongestTask } from './trace';

const ROOT = join(import.meta.dirname, '..', '..');
/** The whole bench, build included, ends by then whatever happens. */
const DEADLINE_MS = 8 * 60_000;

function parseArgs(argv: string[]) {
  const count = (name: string, fallback: number) => {
    const at = argv.indexOf(name);
    if (at === -1) return fallback;
    const value = Number(argv[at + 1]);
    if (!Number.isInteger(value) || value < 1 || value > 200)
      throw new Error(`${name} needs a whole number from 1 to 200`);
    return value;
  };
  const known = new Set(['--json', '--runs', '--loads', '--trace-runs']);
  const unknown = argv.find((arg) => arg.startsWith('--') && !known.has(arg));
  if (unknown)
    throw new Error(`unknown option ${unknown} (use --json, --runs N, --loads N, --trace-runs N)`);
  return {
    json: argv.includes('--json'),
    runs: count('--runs', 20),
    loads: count('--loads', 10),
    traceRuns: count('--trace-runs', 3),
  };
}

const log = (line: string) => process.stderr.write(`bench: ${line}\n`);

async function bench(args: ReturnType<typeof parseArgs>, hold: (env: BenchEnv) => void) {
  const loadAtStart = loadavg()[0] ?? 0;
  ensureBuild(ROOT, log);
  log('sizes: ours');
  const ours = await ourSizes(ROOT);
  log('sizes: peers');
  const peers = await peerSizes(ROOT);
  const env = await startEnv(log);
  hold(env);
  log(`flows: ${args.runs} runs each after a warm-up`);
  const flows = await measureFlows(env, args.runs, log);
  log(`script-to-interactive: ${args.loads} loads of /widget.html`);
  const interactive = await measureInteractive(env, args.loads);
  log(`trace: ${args.traceRuns} runs per flow`);
  let trace: TracedTasks | null = null;
  try {
    trace = await traceLongestTask(env, args.traceRuns);
  } catch (error) {
    log(`trace failed, reported as missing: ${error instanceof Error ? error.message : error}`);
  }
  const cpu = cpus();
  const result: BenchResult = {
    machine: {
      node: process.version,
      cores: cpu.length,
      cpu: cpu[0]?.model.trim() ?? 'unknown',
      os: `${type()} ${release()}`,
      browser: env.browserVersion,
      latencyMs: LATENCY_MS,
      load: [loadAtStart, loadavg()[0] ?? 0],
    },
    sizes: { ...ours, peers, adyenCss: adyenCss(ROOT) },
    flows,
    interactive,
    trace,
    targets: judge(ours.rows, flows, interactive, trace),
  };
  return result;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  let env: BenchEnv | undefined;
  const watchdog = setTimeout(() => {
    log(`gave up after ${DEADLINE_MS / 1000} s`);
    void (env?.close() ?? Promise.resolve()).finally(() => process.exit(1));
  }, DEADLINE_MS);
  try {
    const result = await bench(args, (started) => {
      env = started;
    });
    process.stdout.write(args.json ? `${JSON.stringify(result)}\n` : formatReport(result));
    return 0;
  } finally {
    clearTimeout(watchdog);
    await env?.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  },
);
