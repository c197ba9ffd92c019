/**
 * The Bearer side: `login()` remembers the credentials and the token; the token is replaced by
 * logging in again shortly before it expires, so a long-lived server process keeps working.
 */
import type { LoginRequest, LoginResponse } from './api-types';
import { ServerApiError, ServerClientError } from './errors';

/** At most a minute early, and never more than a fifth of the token's life. */
const REFRESH_MARGIN_MS = 60_000;

interface Token {
  value: string;
  /** On the client's clock: from then on the next Bearer call logs in again. */
  refreshAt: number;
}

/**
 * The expiry is read from `expiresIn` and the client's own clock (from when the login was sent,
 * so early rather than late), not from the JWT's `exp`: that is on the service's clock, which
 * may differ from ours.
 */
export class BearerSession {
  private credentials: LoginRequest | undefined;
  private token: Token | undefined;
  private refreshing: Promise<Token> | undefined;
  /** Bumped by each explicit `login()`, so a refresh of older credentials cannot win. */
  private generation = 0;

  constructor(
    private readonly exchange: (credentials: LoginRequest) => Promise<LoginResponse>,
    private readonly now: () => number,
  ) {}

  private async issue(credentials: LoginRequest): Promise<{ token: Token; answer: LoginResponse }> {
    const sentAt = this.now();
    const answer = await this.exchange(credentials);
    const lifeMs = answer.expiresIn * 1000;
    const refreshAt = sentAt + lifeMs - Math.min(REFRESH_MARGIN_MS, lifeMs / 5);
    return { token: { value: answer.accessToken, refreshAt }, answer };
  }

  /** A failed login forgets the previous one: Bearer calls must not go on as someone else. */
  async login(credentials: LoginRequest): Promise<LoginResponse> {
    const generation = ++this.generation;
    this.credentials = undefined;
    this.token = undefined;
    this.refreshing = undefined;
    const { token, answer } = await this.issue({ ...credentials });
    if (generation === this.generation) {
      this.credentials = { ...credentials };
      this.token = token;
    }
    return answer;
  }

  /** Forgets the credentials and the token. */
  logout(): void {
    this.generation++;
    this.credentials = undefined;
    this.token = undefined;
    this.refreshing = undefined;
  }

  /** `Bearer <token>`, logging in again first when the token is due (one login for all callers). */
  async authorization(): Promise<string> {
    const credentials = this.credentials;
    if (credentials === undefined) {
      throw new ServerClientError(
        'not_logged_in',
        'This operation takes a Bearer token: call client.login({ email, password }) first',
      );
    }
    const token = this.token;
    if (token !== undefined && this.now() < token.refreshAt) return `Bearer ${token.value}`;
    if (this.refreshing === undefined) {
      const generation = this.generation;
      const refreshing = this.issue(credentials).then(({ token: fresh }) => {
        if (generation === this.generation) this.token = fresh;
        return fresh;
      });
      this.refreshing = refreshing;
      // Cleared whatever the outcome, so a failed refresh is tried again by the next call.
      const clear = () => {
        if (this.refreshing === refreshing) this.refreshing = undefined;
      };
      refreshing.then(clear, clear);
    }
    return `Bearer ${(await this.refreshing).value}`;
  }

  /** A 401 on a Bearer call: the token is no good (revoked, or the service restarted). */
  rejected(error: unknown): void {
    if (error instanceof ServerApiError && error.statusCode === 401) this.token = undefined;
  }
}
