/**
 * Charges through the API app's own `request()` inside the sandbox's process: the same
 * middleware, validation, JSON and database as over HTTP, without sockets, HTTP parsing or a
 * load generator. Against the HTTP cell at the same concurrency, the difference is what HTTP
 * costs the request path.
 */
import type { Hono } from 'hono';
import { chargeBody, SECRET } from './charge-request';
import { percentile } from './stats';

// biome-ignore lint/suspicious/noExplicitAny: any app's env: only `request()` is used.
type AnyApp = Hono<any>;

export async function runInProcess(app: AnyApp, clients: number, seconds: number, run: string) {
  const latencies: number[] = [];
  let failed = 0;
  let n = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const until = started + seconds * 1000;
  const client = async () => {
    while (performance.now() < until) {
      const body = chargeBody(`inprocess-${run}`, n++);
      const sent = performance.now();
      const reply = await app.request('http://127.0.0.1/v1/charges', {
        method: 'POST',
        headers: {
          authorization: SECRET,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        },
        body,
      });
      await reply.arrayBuffer();
      if (reply.status === 201) latencies.push(performance.now() - sent);
      else failed++;
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const charges = latencies.length;
  return {
    charges,
    failed,
    perSecond: Math.round(charges / elapsed),
    p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
    p99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
    cpuMsPerCharge: charges === 0 ? 0 : Math.round((cpu.user + cpu.system) / charges) / 1000,
  };
}
