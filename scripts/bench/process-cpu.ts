import { readdirSync, readFileSync } from 'node:fs';

/** Linux reports process CPU time in clock ticks; USER_HZ is 100 on every Linux we run on. */
const TICKS_PER_SECOND = 100;

const read = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined; // the process ended between the listing and the read
  }
};

const pids = (): number[] =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);

/** Fields of /proc/<pid>/stat after the command's parenthesised name (which may hold spaces). */
const statFields = (pid: number): string[] | undefined => {
  const stat = read(`/proc/${pid}/stat`);
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
};

/** The postmaster started with `-p <port>` (how scripts/with-postgres.mjs starts its cluster). */
function postmasterOn(port: number): number | undefined {
  return pids().find((pid) => {
    const args = read(`/proc/${pid}/cmdline`)?.split('\0') ?? [];
    const at = args.indexOf('-p');
    return args[0]?.endsWith('/postgres') === true && at !== -1 && args[at + 1] === String(port);
  });
}

/**
 * The CPU time, in microseconds, of a local PostgreSQL server on `port` (the postmaster, its
 * live backends, and those that have exited), or undefined when no such process can be seen (a server started another way, or on
 * another machine). With it, the bench tells the database's share of a request from the
 * sandbox's, which is what matters on a machine whose two cores they share.
 */
export function postgresCpu(port: number): (() => number) | undefined {
  const postmaster = postmasterOn(port);
  if (postmaster === undefined) return undefined;
  return () => {
    let ticks = 0;
    for (const pid of pids()) {
      const fields = statFields(pid);
      // After the name: state, ppid, … utime is the 14th field of the line, stime the 15th.
      if (fields === undefined || (pid !== postmaster && Number(fields[1]) !== postmaster))
        continue;
      ticks += Number(fields[11]) + Number(fields[12]);
      // The postmaster's reaped children (cutime, cstime): backends that have exited, such as
      // pgbench's at the end of its run, keep their CPU counted.
      if (pid === postmaster) ticks += Number(fields[13]) + Number(fields[14]);
    }
    return (ticks * 1_000_000) / TICKS_PER_SECOND;
  };
}

/** The port of a `PostgreSQL (host:port/db)` description, as the sandbox logs its database. */
export const portOf = (description: string): number | undefined => {
  const match = /:(\d+)\//.exec(description);
  return match === null ? undefined : Number(match[1]);
};
