import { randomBytes } from 'node:crypto';
import { sign, verify } from 'hono/jwt';
import { MIN_SECRET_LENGTH } from './secret.ts';

export const TOKEN_ISSUER = 'puja-storefront';
export const DEFAULT_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

/** The only algorithm we sign with and the only one we accept. */
const ALG = 'HS256';

export interface IssuedToken {
  token: string;
  /** The token's id; the session row's primary key. */
  jti: string;
  expiresAt: Date;
}

export interface TokenClaims {
  userId: number;
  jti: string;
}

export interface TokenService {
  issue(userId: number): Promise<IssuedToken>;
  /** The claims of a genuine, unexpired token of ours; undefined for anything else. */
  verify(token: string): Promise<TokenClaims | undefined>;
}

const USER_ID = /^[1-9]\d{0,14}$/;
const JTI = /^[A-Za-z0-9_-]{16,64}$/;

/** Signed (HS256), expiring sign-in tokens with claims sub, jti, iat, exp and iss. */
export function createTokenService({
  secret,
  ttlSeconds = DEFAULT_TOKEN_TTL_SECONDS,
}: {
  secret: string;
  ttlSeconds?: number;
}): TokenService {
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`The auth secret must be at least ${MIN_SECRET_LENGTH} characters long`);
  }
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1)
    throw new Error('tokenTtlSeconds must be a positive whole number');

  return {
    async issue(userId) {
      const iat = Math.floor(Date.now() / 1000);
      const exp = iat + ttlSeconds;
      const jti = randomBytes(24).toString('base64url');
      const token = await sign({ sub: String(userId), jti, iat, exp, iss: TOKEN_ISSUER }, secret, ALG);
      return { token, jti, expiresAt: new Date(exp * 1000) };
    },

    async verify(token) {
      if (token.length > 2048) return undefined;
      let payload: Record<string, unknown>;
      try {
        // Pinning alg refuses `none`, other HMAC sizes and public-key algorithms.
        payload = await verify(token, secret, { alg: ALG, iss: TOKEN_ISSUER });
      } catch {
        return undefined;
      }
      const { sub, jti, exp } = payload;
      // hono only checks exp when present; ours always carry it.
      if (typeof exp !== 'number' || typeof sub !== 'string' || typeof jti !== 'string') return undefined;
      if (!USER_ID.test(sub) || !JTI.test(jti)) return undefined;
      return { userId: Number(sub), jti };
    },
  };
}
