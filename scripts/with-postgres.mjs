#!/usr/bin/env node
// `node scripts/with-postgres.mjs <command…>`: runs the command with TEST_DATABASE_URL set to a
// PostgreSQL server. Given TEST_DATABASE_URL (or DATABASE_URL), that server is used. Otherwise a
// throwaway cluster is made from Debian's binaries (/usr/lib/postgresql/<version>/bin): a temp
// folder, loopback only, a free port (or PGTEST_PORT); as root the server runs as `postgres`
// (initdb and postgres refuse root). Stopped and deleted at the end; every wait is bounded.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: node scripts/with-postgres.mjs <command…>');
  process.exit(2);
}

const run = (env) =>
  spawnSync(command[0], command.slice(1), { stdio: 'inherit', env: { ...process.env, ...env } })
    .status ?? 1;

const given = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
if (given) process.exit(run({ TEST_DATABASE_URL: given }));

function binDir() {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'postgres')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    console.error('No PostgreSQL binaries in /usr/lib/postgresql (apt-get install postgresql).');
    process.exit(1);
  }
  return join(root, versions[0], 'bin');
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const bin = binDir();
const asRoot = process.getuid?.() === 0;

/**
 * initdb and postgres refuse to run as root: as root they run as the `postgres` user, started
 * directly with its uid and gid (not through runuser, which does not pass our signals on and
 * would leave the server running after the folder is gone).
 */
let postgresUser = {};
const asServer = (exe, args) => [join(bin, exe), args, postgresUser];

const dir = mkdtempSync(join(tmpdir(), 'sandbox-postgres-'));
const data = join(dir, 'data');
if (asRoot) {
  const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (ids.status !== 0) {
    console.error('Running as root needs the `postgres` user (Debian postgresql package).');
    process.exit(1);
  }
  chownSync(dir, Number(ids.stdout), Number(gid.stdout));
  postgresUser = { uid: Number(ids.stdout), gid: Number(gid.stdout) };
}

let server;
const cleanUp = async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGINT'); // fast shutdown
    const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(dir, { recursive: true, force: true });
};

let status = 1;
try {
  const [initExe, initArgs, initUser] = asServer('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--no-sync',
    '--no-instructions',
  ]);
  const init = spawnSync(initExe, initArgs, {
    encoding: 'utf8',
    timeout: 60_000,
    cwd: dir,
    ...initUser,
  });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.error}`);

  const port = Number(process.env.PGTEST_PORT) || (await freePort());
  const [pgExe, pgArgs, pgUser] = asServer('postgres', [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=200',
  ]);
  server = spawn(pgExe, pgArgs, { stdio: ['ignore', 'ignore', 'pipe'], cwd: dir, ...pgUser });
  let log = '';
  server.stderr.on('data', (chunk) => {
    log += chunk;
  });

  const deadline = Date.now() + 30_000;
  for (;;) {
    const ready = spawnSync(join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)], {
      timeout: 5000,
    });
    if (ready.status === 0) break;
    if (server.exitCode !== null || Date.now() > deadline) {
      throw new Error(`PostgreSQL did not start on port ${port}:\n${log.slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const version = spawnSync(join(bin, 'postgres'), ['--version'], { encoding: 'utf8' }).stdout;
  console.log(`▶ throwaway ${version.trim()} on 127.0.0.1:${port} (${dir})`);
  status = run({ TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres` });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await cleanUp();
}
process.exit(status);
