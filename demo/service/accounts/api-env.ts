import type { KeyKind } from '../kernel/db/schema';
import type { Principal } from './principal';

/** The key as the routes written before accounts existed read it (`c.get('apiKey')`). */
export interface ApiKey {
  key: string;
  kind: KeyKind;
  merchantId: string;
  merchantActive: boolean;
}

/**
 * What the API's middleware puts on the context: who is calling, with what. Its own file, so the
 * middleware (`authenticate.ts`) and what it runs (`merchant-gates.ts`) both read it without
 * importing each other.
 */
export type ApiEnv = { Variables: { principal: Principal; apiKey: ApiKey } };
