import type { Db } from '../client.ts';
import type { PasswordResetsTable } from '../types.ts';

export async function insertPasswordReset(db: Db, row: Omit<PasswordResetsTable, 'usedAt'>): Promise<void> {
  await db
    .insertInto('passwordResets')
    .values({ ...row, usedAt: null })
    .execute();
}

export function findPasswordReset(db: Db, tokenHash: string): Promise<PasswordResetsTable | undefined> {
  return db.selectFrom('passwordResets').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
}

/** An UPDATE marking links still unused as used at `usedAt`. */
const spendUnusedLinks = (db: Db, usedAt: string) =>
  db.updateTable('passwordResets').set({ usedAt }).where('usedAt', 'is', null);

/** Marks the link used unless it already was; true when this call is the one that used it. */
export async function markPasswordResetUsed(db: Db, tokenHash: string, usedAt: string): Promise<boolean> {
  const result = await spendUnusedLinks(db, usedAt).where('tokenHash', '=', tokenHash).executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Housekeeping: a customer's links that can no longer be used (used or expired). */
export async function deleteSpentPasswordResets(db: Db, userId: number, now: string): Promise<void> {
  await db
    .deleteFrom('passwordResets')
    .where('userId', '=', userId)
    .where((eb) => eb.or([eb('usedAt', 'is not', null), eb('expiresAt', '<=', now)]))
    .execute();
}

/**
 * Ends every link of a customer still unused, as used at `usedAt`: after a reset, no older link
 * may set the password again. The number of links it ended.
 */
export async function endPasswordResetsOf(db: Db, userId: number, usedAt: string): Promise<number> {
  const result = await spendUnusedLinks(db, usedAt).where('userId', '=', userId).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
