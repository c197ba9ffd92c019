/**
 * One cell of `npm run bench:sandbox` driven by wrk (a C load generator) instead of autocannon:
 * on two cores the load generator competes with the sandbox and PostgreSQL, and autocannon spends
 * several times wrk's CPU per request. Used when `wrk` is on the PATH (Debian: `apt-get install
 * wrk`); the report says which one ran.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Cell, ChargeTally, EndpointName, LoadRequest } from './sandbox-load';

export const hasWrk = (): boolean => spawnSync('wrk', ['--version']).error === undefined;

/** The children's CPU so far (utime + stime of reaped children, /proc/self/stat), in µs. */
export function childrenCpuMicros(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // cutime and cstime: the 16th and 17th fields of the line, in clock ticks (100 a second).
  return (Number(fields[13]) + Number(fields[14])) * 10_000;
}

const lua = (request: LoadRequest, run: string) => `
local headers = ${luaTable(request.headers)}
local counter = 0
-- Globals: the main state reads them from each thread in done().
created = 0
ids = {}
threads = {}
function setup(thread)
  thread:set("tid", tostring(#threads + 1))
  table.insert(threads, thread)
end
function request()
  counter = counter + 1
  ${
    request.chargeBody === undefined
      ? `return wrk.format(${JSON.stringify(request.method)}, ${JSON.stringify(request.path)}, headers, ${request.body === undefined ? 'nil' : JSON.stringify(request.body)})`
      : `local body = ${JSON.stringify(request.chargeBody('@@N@@'))}
  body = body:gsub("@@N@@", ${JSON.stringify(`${run}-w`)} .. tid .. "-" .. counter)
  ${request.idempotencyKeys ? `headers["Idempotency-Key"] = ${JSON.stringify(`${run}-w`)} .. tid .. "-" .. counter` : ''}
  return wrk.format("POST", ${JSON.stringify(request.path)}, headers, body)`
  }
end
function response(status, hdrs, body)
  if status == 201 then
    created = created + 1
    local id = body:match('"id":"(ch_[%w]+)"')
    if id then ids[#ids + 1] = id end
  end
end
function done(summary, latency, requests)
  local all = {}
  local total = 0
  for _, thread in ipairs(threads) do
    total = total + (thread:get("created") or 0)
    for _, id in ipairs(thread:get("ids") or {}) do all[#all + 1] = id end
  end
  local out = io.open(os.getenv("WRK_RESULT"), "w")
  out:write(string.format("requests %d\\n", summary.requests))
  out:write(string.format("duration_us %d\\n", summary.duration))
  out:write(string.format("non2xx %d\\n", summary.errors.status))
  out:write(string.format("errors %d\\n", summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
  out:write(string.format("p50_us %d\\n", latency:percentile(50)))
  out:write(string.format("p99_us %d\\n", latency:percentile(99)))
  out:write(string.format("created %d\\n", total))
  for _, id in ipairs(all) do out:write("id " .. id .. "\\n") end
  out:close()
end
`;

function luaTable(headers: Record<string, string>): string {
  const entries = Object.entries(headers).map(
    ([k, v]) => `[${JSON.stringify(k)}] = ${JSON.stringify(v)}`,
  );
  return `{ ${entries.join(', ')} }`;
}

export async function runWrkCell(
  apiUrl: string,
  endpoint: EndpointName,
  request: LoadRequest,
  connections: number,
  seconds: number,
  tally: ChargeTally,
  run: string,
  cpuMicros: () => Promise<number>,
  dbCpuMicros?: () => number,
): Promise<Cell> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-wrk-'));
  try {
    const script = join(dir, 'cell.lua');
    const result = join(dir, 'result.txt');
    writeFileSync(script, lua(request, run));
    const threads = Math.min(2, connections);
    const cpuBefore = await cpuMicros();
    const dbBefore = dbCpuMicros?.();
    const loadBefore = childrenCpuMicros();
    const child = spawn(
      'wrk',
      [
        '-t',
        String(threads),
        '-c',
        String(connections),
        '-d',
        `${seconds}s`,
        '--timeout',
        '10s',
        '-s',
        script,
        apiUrl,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, WRK_RESULT: result } },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`wrk exited with ${code}: ${stderr.slice(-500)}`);
    const loadUsed = childrenCpuMicros() - loadBefore;
    const dbUsed = dbBefore === undefined ? undefined : (dbCpuMicros?.() ?? 0) - dbBefore;
    const cpuUsed = (await cpuMicros()) - cpuBefore;
    const lines = readFileSync(result, 'utf8').trim().split('\n');
    const value = (name: string) =>
      Number(lines.find((l) => l.startsWith(`${name} `))?.split(' ')[1] ?? 0);
    const answered = value('requests');
    const non2xx = value('non2xx');
    if (endpoint === 'charges') {
      // wrk counts answered requests; a cell stops with up to one request per connection unanswered.
      tally.sent += answered + connections;
      tally.created += value('created');
      for (const line of lines) if (line.startsWith('id ')) tally.ids.add(line.slice(3));
    }
    const per = (micros: number) => (answered === 0 ? 0 : Math.round(micros / answered) / 1000);
    return {
      endpoint,
      connections,
      requestsPerSecond: Math.round(answered / (value('duration_us') / 1e6)),
      p50Ms: value('p50_us') / 1000,
      p99Ms: value('p99_us') / 1000,
      ok: answered - non2xx,
      non2xx,
      errors: value('errors'),
      cpuMsPerRequest: per(cpuUsed),
      ...(dbUsed === undefined ? {} : { dbCpuMsPerRequest: per(dbUsed) }),
      loadCpuMsPerRequest: per(loadUsed),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
