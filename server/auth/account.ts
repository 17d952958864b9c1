import crypto from 'node:crypto';
import { PASSWORD_RESET_TTL_MINUTES, type AccountCode } from '../../contract/auth.ts';
import type { Db } from '../db/client.ts';
import {
  deleteSpentPasswordResets,
  endPasswordResetsOf,
  findPasswordReset,
  insertPasswordReset,
  markPasswordResetUsed,
} from '../db/repositories/password-resets.ts';
import { deleteSessionsOf, findUserByEmail, setPasswordHash } from '../db/repositories/users.ts';
import type { Mailer } from '../mail/mailer.ts';
import { deliverNow } from '../messages/deliver.ts';
import { queueAccountMessage } from '../messages/outbox.ts';
import { inTransaction } from '../db/transaction.ts';
import { hashPassword } from './passwords.ts';

/**
 * Account basics (docs/product-rules.md, Sign-in, registration and tokens): the rules of the
 * forgotten-password link. The link carries 32 random bytes; only their SHA-256 is stored, so
 * the table alone resets nothing. A link works once, for PASSWORD_RESET_TTL_MINUTES.
 */
const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export interface ResetLinkOptions {
  /** The shop's public address (PUBLIC_URL), where the SPA answers: the link opens its reset page. */
  publicUrl: string;
  brand: string;
  now: Date;
  /** The customer's signed message-preferences link, at the e-mail's foot (server/messages/preferences-token.ts). */
  preferencesLink?: (userId: number) => string;
}

/**
 * E-mails a reset link when `email` belongs to an account; says nothing either way, so the
 * answer does not reveal who has an account. The route does not await it (see
 * AuthServices.background): the look-up, the link and the mail take time only for a real
 * account, and an answer that waited for them would tell who has one.
 */
export async function requestPasswordReset(
  db: Db,
  mailer: Mailer,
  email: string,
  { publicUrl, brand, now, preferencesLink }: ResetLinkOptions,
): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const token = crypto.randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000);
  const link = `${publicUrl.replace(/\/+$/, '')}/#/reset-password?token=${token}`;
  // The link's e-mail is written with the link (server/messages/, docs/decisions/0071), then tried at once.
  const key = `account:${user.id}:passwordReset:${tokenHash.slice(0, 16)}`;
  await inTransaction(db, async (trx) => {
    await deleteSpentPasswordResets(trx, user.id, now.toISOString());
    await insertPasswordReset(trx, {
      tokenHash,
      userId: user.id,
      createdAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    });
    await queueAccountMessage(trx, {
      template: 'account.passwordReset',
      key,
      to: user.email,
      userId: user.id,
      facts: { kind: 'account', name: user.name, link },
      at: now,
    });
  });
  const render = { publicUrl, brand, ...(preferencesLink ? { preferencesLink } : {}) };
  await deliverNow({ db, mailer, render, now: () => now }, key);
}

export type ResetOutcome = { ok: true } | { ok: false; code: AccountCode };

/**
 * Sets a new password through a reset link: refused when the link is unknown, used or expired.
 * Using it ends every session of the account (whoever may have had the old password is out)
 * and every other link of the account still unused, which then answer "used".
 */
export async function resetPassword(
  db: Db,
  token: string,
  password: string,
  now: Date,
): Promise<ResetOutcome> {
  const tokenHash = hashToken(token);
  const row = await findPasswordReset(db, tokenHash);
  if (!row) return { ok: false, code: 'reset_link_invalid' };
  if (row.usedAt !== null) return { ok: false, code: 'reset_link_used' };
  if (Date.parse(row.expiresAt) <= now.getTime()) return { ok: false, code: 'reset_link_expired' };
  const passwordHash = await hashPassword(password);
  const applied = await db.transaction().execute(async (trx) => {
    // Two uses of one link at once: only the first marks it used.
    if (!(await markPasswordResetUsed(trx, tokenHash, now.toISOString()))) return false;
    // Every other link of the account ends too: an older one must not reset it a second time.
    await endPasswordResetsOf(trx, row.userId, now.toISOString());
    await setPasswordHash(trx, row.userId, passwordHash);
    await deleteSessionsOf(trx, row.userId);
    return true;
  });
  return applied ? { ok: true } : { ok: false, code: 'reset_link_used' };
}
