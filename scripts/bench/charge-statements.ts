/**
 * The statements one `POST /v1/charges` sends to PostgreSQL, recorded inside the sandbox's
 * process (`sql-capture.ts`): one charge first, so that the caches a steady load keeps warm (the
 * API key, the merchant's fault rules) are warm, then the recorded one, and the request log's
 * write that follows its answer.
 */

import { chargeBody, SECRET } from './charge-request';
import type { spawnServer } from './sandbox-process';
import type { ServerStatements, ServerWait } from './sandbox-server';
import type { CapturedStatement } from './sql-capture';

type Server = ReturnType<typeof spawnServer>;

/** The request log is written just after the answer (next turns of the event loop). */
const LOG_WRITE_MS = 300;

async function charge(apiUrl: string, run: string): Promise<void> {
  const reply = await fetch(`${apiUrl}/v1/charges`, {
    method: 'POST',
    headers: { authorization: SECRET, 'content-type': 'application/json' },
    body: chargeBody(run, 0),
    signal: AbortSignal.timeout(10_000),
  });
  if (reply.status !== 201)
    throw new Error(`POST /v1/charges: ${reply.status} ${await reply.text()}`);
}

/**
 * Until a quiet spell with no query at all (the requests a load cell left running have ended),
 * at most 20 tries: a spell that never comes leaves stray statements, which the pairing drops.
 */
async function quiet(server: Server): Promise<void> {
  for (let i = 0; i < 20; i++) {
    server.tell('wait-start');
    await new Promise((resolve) => setTimeout(resolve, 200));
    if ((await server.ask<ServerWait>('wait-stop')).queries === 0) return;
  }
}

async function captureOne(server: Server, apiUrl: string, run: string) {
  await quiet(server);
  server.tell('capture-start');
  await charge(apiUrl, run);
  await new Promise((resolve) => setTimeout(resolve, LOG_WRITE_MS));
  return (await server.ask<ServerStatements>('capture-stop')).statements;
}

/** Two charges' statements, one after the other (what differs between them varies in pgbench). */
export async function captureChargeStatements(
  server: Server,
  apiUrl: string,
): Promise<[CapturedStatement[], CapturedStatement[]]> {
  await charge(apiUrl, 'capture-warm');
  await new Promise((resolve) => setTimeout(resolve, LOG_WRITE_MS));
  return [
    await captureOne(server, apiUrl, 'capture-1'),
    await captureOne(server, apiUrl, 'capture-2'),
  ];
}
