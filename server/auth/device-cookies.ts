import crypto from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';

/**
 * Device cookies, as OWASP's "Blocking Brute Force Attacks" describes them
 * (docs/decisions/0055-limits-across-accounts-and-device-cookies.md): a successful sign-in gives
 * the browser a cookie bound to that account, signed with the server's secret. A later sign-in
 * to the same account that presents it comes from a device the customer used before: it is
 * counted on its own (per cookie) and not refused by the lock that failures from anywhere else
 * put on the account, so whoever knows a customer's e-mail cannot keep them out.
 *
 * One cookie per account (a family's shared phone keeps one for each): named by a digest of the
 * normalised e-mail, valued `<nonce>.<HMAC-SHA256(key, e-mail + nonce)>`. HttpOnly,
 * SameSite=Strict, sent only to /api/auth, Secure when the shop is reached over https.
 */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
const COOKIE_PATH = '/api/auth';
const PREFIX = 'device_';

export interface DeviceCookies {
  /** The nonce of a valid device cookie for `email` in the request, if it carries one. */
  read(c: Context, email: string): string | undefined;
  /** Gives the browser a fresh device cookie for `email` (after a successful sign-in). */
  issue(c: Context, email: string): void;
}

const digest = (text: string) => crypto.createHash('sha256').update(text).digest('base64url');

export function createDeviceCookies({
  secret,
  publicUrl,
}: {
  secret: string;
  publicUrl: string;
}): DeviceCookies {
  // A key of its own, derived from the server's signing secret, so a device cookie's MAC can
  // never stand for any other signature the server makes.
  const key = crypto.createHmac('sha256', secret).update('device-cookie v1').digest();
  const mac = (email: string, nonce: string) =>
    crypto.createHmac('sha256', key).update(`${email}\n${nonce}`).digest('base64url');
  const nameOf = (email: string) => `${PREFIX}${digest(email).slice(0, 22)}`;
  const httpsShop = publicUrl.startsWith('https:');

  return {
    read(c, email) {
      const value = getCookie(c, nameOf(email));
      if (!value) return undefined;
      const [nonce, signature, ...rest] = value.split('.');
      if (!nonce || !signature || rest.length > 0) return undefined;
      const expected = Buffer.from(mac(email, nonce));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
      return nonce;
    },

    issue(c, email) {
      const nonce = crypto.randomBytes(16).toString('base64url');
      setCookie(c, nameOf(email), `${nonce}.${mac(email, nonce)}`, {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: 'Strict',
        secure: httpsShop || new URL(c.req.url).protocol === 'https:',
        maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
      });
    },
  };
}
