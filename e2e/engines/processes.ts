/**
 * The processes behind the WebKit run: a private Xvfb display and WebKitWebDriver, each in its
 * own process group, so one signal ends a program and everything it started. Every wait is bounded.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { sleep } from './driver';

/** A port nobody listens on right now (the OS's pick, released for the driver). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Live (not zombie) members of process group `pgid`, from /proc. Zombies are left out: the
 * browser's helpers are re-parented when their parent ends and reaped by init, not by us.
 */
function liveMembers(pgid: number): number {
  let count = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // `pid (comm) state ppid pgrp …`; comm may hold spaces, so read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === pgid && state !== 'Z') count++;
    } catch {
      // the process ended while we looked
    }
  }
  return count;
}

/** SIGTERM to the child's group, then SIGKILL to what is left; resolves when none is alive. */
export async function endGroup(child: ChildProcess | undefined): Promise<void> {
  const pid = child?.pid;
  if (pid === undefined) return;
  for (const [signal, waitMs] of [
    ['SIGTERM', 3_000],
    ['SIGKILL', 2_000],
  ] as const) {
    if (liveMembers(pid) === 0) return;
    try {
      process.kill(-pid, signal);
    } catch {
      return; // no such group any more
    }
    const deadline = Date.now() + waitMs;
    while (liveMembers(pid) > 0 && Date.now() < deadline) await sleep(100);
  }
}

/** A display of our own: Xvfb picks a free number and writes it to fd 3 once it accepts clients. */
export async function startXvfb(): Promise<{ process: ChildProcess; display: string }> {
  const xvfb = spawn(
    'Xvfb',
    ['-displayfd', '3', '-nolisten', 'tcp', '-screen', '0', '1280x1024x24'],
    { detached: true, stdio: ['ignore', 'ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  xvfb.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2_000);
  });
  const displayFd = xvfb.stdio[3];
  try {
    const number = await new Promise<string>((resolve, reject) => {
      let text = '';
      const timer = setTimeout(() => reject(new Error('Xvfb gave no display in 10 s')), 10_000);
      const fail = (error: Error) => {
        clearTimeout(timer);
        reject(error);
      };
      xvfb.once('error', fail);
      xvfb.once('exit', (code) => fail(new Error(`Xvfb exited (${code}): ${stderr.trim()}`)));
      displayFd?.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (!text.includes('\n')) return;
        clearTimeout(timer);
        resolve(text.trim());
      });
    });
    xvfb.removeAllListeners('exit');
    return { process: xvfb, display: `:${number}` };
  } catch (error) {
    await endGroup(xvfb);
    throw error;
  }
}

/** WebKitWebDriver on `port` and `display`; resolves once it answers /status. */
export async function startWebKitWebDriver(
  port: number,
  env: NodeJS.ProcessEnv,
): Promise<ChildProcess> {
  const driver = spawn('WebKitWebDriver', [`--port=${port}`], {
    detached: true,
    stdio: 'ignore',
    env,
  });
  let spawnError: Error | undefined; // e.g. ENOENT: webkit2gtk-driver is not installed
  driver.once('error', (error) => {
    spawnError = error;
  });
  const deadline = Date.now() + 20_000;
  try {
    while (Date.now() < deadline) {
      if (spawnError) throw spawnError;
      if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited (${driver.exitCode})`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/status`, {
          signal: AbortSignal.timeout(1_000),
        });
        if (response.ok) return driver;
      } catch {
        // not listening yet
      }
      await sleep(200);
    }
    throw new Error('WebKitWebDriver did not answer /status within 20 s');
  } catch (error) {
    await endGroup(driver);
    throw error;
  }
}
