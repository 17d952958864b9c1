import type { StaffInvitation, StaffMember } from '../../../contract/admin/staff.ts';
import type { Db } from '../client.ts';
import type { StaffInvitationRow } from '../types.ts';

/** The shop's staff and the invitations to join it (data access only). */

export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'createdAt'])
    .where('role', 'in', ['staff', 'admin'])
    .orderBy('role')
    .orderBy('name')
    .execute();
  return rows.map((row) => ({ ...row, role: row.role === 'admin' ? 'admin' : 'staff' }));
}

/** Invitations neither used, withdrawn nor expired at `now`. */
export async function listOpenInvitations(db: Db, now: string): Promise<StaffInvitation[]> {
  return db
    .selectFrom('staffInvitations')
    .innerJoin('users', 'users.id', 'staffInvitations.invitedBy')
    .select([
      'staffInvitations.id',
      'staffInvitations.email',
      'users.name as invitedBy',
      'staffInvitations.createdAt',
      'staffInvitations.expiresAt',
    ])
    .where('staffInvitations.acceptedAt', 'is', null)
    .where('staffInvitations.revokedAt', 'is', null)
    .where('staffInvitations.expiresAt', '>', now)
    .orderBy('staffInvitations.id', 'desc')
    .execute();
}

export async function insertInvitation(
  db: Db,
  row: Omit<StaffInvitationRow, 'id' | 'acceptedAt' | 'revokedAt'>,
): Promise<number> {
  const { id } = await db
    .insertInto('staffInvitations')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** An UPDATE of the invitations still open (neither used nor withdrawn): the one way one closes. */
const closeOpenInvitations = (db: Db, closed: { revokedAt: string } | { acceptedAt: string }) =>
  db
    .updateTable('staffInvitations')
    .set(closed)
    .where('acceptedAt', 'is', null)
    .where('revokedAt', 'is', null);

/** Withdraws the open invitations to an e-mail (a new one replaces them). */
export async function revokeInvitationsTo(db: Db, email: string, at: string): Promise<void> {
  await closeOpenInvitations(db, { revokedAt: at }).where('email', '=', email).execute();
}

export function findInvitation(db: Db, id: number) {
  return db.selectFrom('staffInvitations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findInvitationByToken(db: Db, tokenHash: string) {
  return db.selectFrom('staffInvitations').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
}

/** Closes one invitation if it is still open; false when it was used or withdrawn (meanwhile). */
async function closeInvitation(db: Db, id: number, closed: { revokedAt: string } | { acceptedAt: string }) {
  const { numUpdatedRows } = await closeOpenInvitations(db, closed).where('id', '=', id).executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** Withdraws one invitation; false when it was already used or withdrawn. */
export function revokeInvitation(db: Db, id: number, at: string): Promise<boolean> {
  return closeInvitation(db, id, { revokedAt: at });
}

/** Marks an invitation used, once: false when it was used or withdrawn meanwhile. */
export function acceptInvitation(db: Db, id: number, at: string): Promise<boolean> {
  return closeInvitation(db, id, { acceptedAt: at });
}

/** Takes a staff member off the staff (back to customer); false when they were not staff. */
export async function demoteStaff(db: Db, userId: number): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('users')
    .set({ role: 'customer' })
    .where('id', '=', userId)
    .where('role', '=', 'staff')
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

export function findUserRow(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role'])
    .where('id', '=', id)
    .executeTakeFirst();
}
