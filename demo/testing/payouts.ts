/**
 * Bearer calls for the payout tests: a token per seeded login (password `sandbox`), taken once
 * per test file. (A `token(email)` helper is planned for `sandbox.ts`; fold this into it.)
 */
import { SEED_PASSWORD } from '../server/db/seed-accounts';
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

export function bearerCalls(t: TestSandbox): BearerCall {
  const tokens = new Map<Login, Promise<string>>();
  const token = (who: Login): Promise<string> => {
    let found = tokens.get(who);
    if (found === undefined) {
      found = t
        .api<{ accessToken: string }>('/v1/auth/login', {
          body: { email: LOGINS[who], password: SEED_PASSWORD },
        })
        .then((reply) => {
          if (reply.status !== 200) throw new Error(`login of ${who}: ${reply.status}`);
          return reply.body.accessToken;
        });
      tokens.set(who, found);
    }
    return found;
  };
  return async (who, path, init = {}) =>
    t.api(path, {
      ...init,
      headers: { ...init.headers, Authorization: `Bearer ${await token(who)}` },
    });
}
