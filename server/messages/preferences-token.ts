import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed link to a customer's message preferences that every e-mail carries, and that works
 * without signing in (docs/product-rules.md, Messages to customers, Consent): the customer's id
 * and an HMAC-SHA256 of it under the app's auth secret (server/auth/secret.ts), bound to this one
 * purpose so no other signed value of the shop can stand in for it. The link shows and changes
 * only the message preferences; it never signs anyone in.
 */

const PURPOSE = 'message-preferences:v1';
const TOKEN = /^([1-9]\d{0,15})\.([A-Za-z0-9_-]{43})$/;

const macOf = (secret: string, userId: number) =>
  createHmac('sha256', secret).update(`${PURPOSE}:${userId}`).digest();

/** "42.<43 base64url characters>": the customer's id and its signature. */
export function signPreferencesToken(secret: string, userId: number): string {
  return `${userId}.${macOf(secret, userId).toString('base64url')}`;
}

/** The customer a token was signed for, or null for anything not signed with `secret`. */
export function readPreferencesToken(secret: string, token: string): number | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  if (!Number.isSafeInteger(userId)) return null;
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = macOf(secret, userId);
  // Re-encoding must give the text back: base64url's last character carries spare bits, and two
  // spellings of one signature are not both accepted.
  if (given.toString('base64url') !== match[2]) return null;
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

/** The SPA's preferences page for `token` (the SPA routes by the hash, as the record links do). */
export function preferencesUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/#/messages/preferences?token=${encodeURIComponent(token)}`;
}
