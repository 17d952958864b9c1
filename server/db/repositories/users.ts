import { authMessages, type User } from '../../../contract/auth.ts';
import type { Db } from '../client.ts';
import type { UserRow } from '../types.ts';

/** Raised when the e-mail is already registered (also when a concurrent insert won the race). */
export class DuplicateEmailError extends Error {
  constructor() {
    super(authMessages.emailTaken);
    this.name = 'DuplicateEmailError';
  }
}

/** SQLite (better-sqlite3) and PostgreSQL report a unique-index violation differently. */
function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

const publicColumns = ['users.id', 'users.name', 'users.email', 'users.phone', 'users.role'] as const;

/** The user with this (already normalised) e-mail, including the password hash, for sign-in only. */
export function findUserForLogin(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function emailExists(db: Db, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}

export async function createUser(
  db: Db,
  input: { name: string; email: string; phone?: string | undefined; passwordHash: string },
): Promise<User> {
  try {
    return await db
      .insertInto('users')
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        passwordHash: input.passwordHash,
        createdAt: new Date().toISOString(),
      })
      .returning(publicColumns)
      .executeTakeFirstOrThrow();
  } catch (err) {
    if (isUniqueViolation(err)) throw new DuplicateEmailError();
    throw err;
  }
}

export async function createSession(
  db: Db,
  session: { id: string; userId: number; expiresAt: Date },
): Promise<void> {
  const now = new Date();
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      userId: session.userId,
      createdAt: now.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
    })
    .execute();
}

/** The user behind a live session: the row exists, belongs to `userId` and has not expired. */
export function findSessionUser(
  db: Db,
  sessionId: string,
  userId: number,
  now: Date,
): Promise<User | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select(publicColumns)
    .where('sessions.id', '=', sessionId)
    .where('sessions.userId', '=', userId)
    .where('sessions.expiresAt', '>', now.toISOString())
    .executeTakeFirst();
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Housekeeping: expired sessions can never be used again. */
export async function deleteExpiredSessions(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('userId', '=', userId)
    .where('expiresAt', '<=', now.toISOString())
    .execute();
}

/** Edit Profile: the name and phone (null clears it); answers with the public fields. */
export function updateProfile(
  db: Db,
  userId: number,
  input: { name: string; phone?: string | undefined },
): Promise<User | undefined> {
  return db
    .updateTable('users')
    .set({ name: input.name, phone: input.phone ?? null })
    .where('id', '=', userId)
    .returning(publicColumns)
    .executeTakeFirst();
}

/** The user's password hash, to check a current password. */
export async function findPasswordHash(db: Db, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('passwordHash').where('id', '=', userId).executeTakeFirst();
  return row?.passwordHash;
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ passwordHash }).where('id', '=', userId).execute();
}

/** Ends every session of the user except `keep` (the one that changed the password), if given. */
export async function deleteSessionsOf(db: Db, userId: number, keep?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('userId', '=', userId);
  if (keep !== undefined) query = query.where('id', '!=', keep);
  await query.execute();
}

export function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db.selectFrom('users').select(publicColumns).where('email', '=', email).executeTakeFirst();
}

/** Makes the user staff or admin (the command line's admin:create only; never over HTTP). */
export async function setRole(db: Db, userId: number, role: UserRow['role']): Promise<void> {
  await db.updateTable('users').set({ role }).where('id', '=', userId).execute();
}

/** Where the shop writes to a customer: their e-mail and the name the greeting uses. */
export function findUserContact(
  db: Db,
  userId: number,
): Promise<{ email: string; name: string } | undefined> {
  return db.selectFrom('users').select(['email', 'name']).where('id', '=', userId).executeTakeFirst();
}

/** The phone on the customer's profile, as they typed it, or null. */
export async function findUserPhone(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('phone').where('id', '=', userId).executeTakeFirst();
  return row?.phone ?? null;
}
