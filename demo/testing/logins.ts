/** Bearer calls by a seeded login's role name (`t.as` with its e-mail; password `sandbox`). */
import type { CallInit, Reply, TestSandbox } from './sandbox';

export const LOGINS = {
  admin: 'admin@sandbox.test',
  lojaExemplo: 'merchant@sandbox.test',
  outraLoja: 'noconnect@sandbox.test',
  subAtiva: 'sub@sandbox.test',
  subInativa: 'inactive@sandbox.test',
  subDaOutra: 'other-sub@sandbox.test',
} as const;
export type Login = keyof typeof LOGINS;

export type BearerCall = <T = Record<string, unknown>>(
  who: Login,
  path: string,
  init?: Omit<CallInit, 'key'>,
) => Promise<Reply<T>>;

export const bearerCalls =
  (t: TestSandbox): BearerCall =>
  (who, path, init = {}) =>
    t.as(LOGINS[who], path, init);
