import { errors, jwtVerify, SignJWT } from 'jose';
import type { LoginIdentity } from './account-store';

/**
 * Access tokens: JWTs signed with HS256 and a secret that survives restarts. The algorithm is
 * the server's, not the token's: `alg: none` and every other algorithm are refused.
 */
export const TOKEN_ALGORITHM = 'HS256';
export const TOKEN_TTL_SECONDS = 3600;
const ISSUER = 'payments-sandbox';

export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds = TOKEN_TTL_SECONDS,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(identity: LoginIdentity): Promise<{ accessToken: string; expiresIn: number }> {
    const accessToken = await new SignJWT({
      role: identity.role,
      ...(identity.merchantId === null ? {} : { merchantId: identity.merchantId }),
    })
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
      .setSubject(identity.loginId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
    return { accessToken, expiresIn: this.ttlSeconds };
  }

  /** The identity of a valid token; undefined for an expired, altered or foreign one. */
  async verify(token: string): Promise<LoginIdentity | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [TOKEN_ALGORITHM],
        issuer: ISSUER,
        requiredClaims: ['sub', 'iat', 'exp'],
      });
      const { sub, role, merchantId } = payload;
      if (typeof sub !== 'string') return undefined;
      if (role === 'admin' && merchantId === undefined) {
        return { loginId: sub, role, merchantId: null };
      }
      if (role === 'merchant' && typeof merchantId === 'string') {
        return { loginId: sub, role, merchantId };
      }
      return undefined;
    } catch (error) {
      if (error instanceof errors.JOSEError) return undefined;
      throw error;
    }
  }
}
