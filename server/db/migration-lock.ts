import { setTimeout as sleep } from 'node:timers/promises';
import { PostgresAdapter, sql, SqliteAdapter, type Kysely, type MigrationLockOptions } from 'kysely';
import { isDatabaseBusy } from './errors.ts';

/**
 * Migrations run once even when several API processes start together on one database
 * (docs/decisions/0026-migrations-and-seeding-run-once.md). Kysely's Migrator takes a lock
 * around reading which migrations ran and running the rest; these adapters give it one that
 * holds across processes on both databases.
 */

/** PostgreSQL advisory lock keys of the shop: migrating, and seeding the demo catalogue. */
export const MIGRATION_LOCK_KEY = 7_264_150_001;
export const SEED_LOCK_KEY = 7_264_150_002;

/** How long a process waits for another one's migrations before it gives up and exits. */
export const MIGRATION_WAIT_MS = 5 * 60_000;

/**
 * SQLite: the lock is a lease in Kysely's own lock row (`kysely_migration_lock.is_locked`
 * holds the lease's end in epoch ms; 0 is free, as Kysely writes it). It is taken by one
 * conditional UPDATE, so exactly one process gets it; the others poll until it is given back.
 * A process that crashes while migrating leaves a lease that ends after MIGRATION_LEASE_MS.
 * (Kysely's own SQLite adapter takes no lock: it assumes one process.) A lease rather than a
 * transaction around the migrations, so a migration runs outside a transaction as before and
 * may use what SQLite refuses inside one (PRAGMA foreign_keys).
 */
export const MIGRATION_LEASE_MS = 10 * 60_000;

async function acquireSqliteLease(db: Kysely<unknown>, { lockTable, lockRowId }: MigrationLockOptions) {
  const deadline = Date.now() + MIGRATION_WAIT_MS;
  for (;;) {
    const now = Date.now();
    try {
      const { numAffectedRows } = await sql`update ${sql.table(lockTable)}
        set is_locked = ${now + MIGRATION_LEASE_MS}
        where id = ${lockRowId} and is_locked < ${now}`.execute(db);
      if (numAffectedRows === 1n) return;
    } catch (err) {
      if (!isDatabaseBusy(err)) throw err;
    }
    if (Date.now() > deadline) throw new Error('Another process held the migration lock for too long');
    await sleep(50);
  }
}

async function releaseSqliteLease(db: Kysely<unknown>, { lockTable, lockRowId }: MigrationLockOptions) {
  for (let attempt = 0; ; attempt++) {
    try {
      await sql`update ${sql.table(lockTable)} set is_locked = 0 where id = ${lockRowId}`.execute(db);
      return;
    } catch (err) {
      // Left held, the lease still ends by itself; but a busy moment should not cost 10 minutes.
      if (!isDatabaseBusy(err) || attempt >= 20) throw err;
      await sleep(50);
    }
  }
}

/**
 * PostgreSQL: a session-level advisory lock on the Migrator's own connection, waited for as
 * long as MIGRATION_WAIT_MS (the pool's short lock_timeout is lifted for that one statement),
 * as Kysely's own adapter does, under the shop's key so tests and operators can see it held.
 * It is released when the migrations end, or by PostgreSQL when the process dies.
 */
async function acquireAdvisoryLock(db: Kysely<unknown>) {
  await sql`with wait as (select set_config('lock_timeout', ${String(MIGRATION_WAIT_MS)}, true))
    select pg_advisory_lock(${sql.lit(MIGRATION_LOCK_KEY)}) from wait`.execute(db);
}

async function releaseAdvisoryLock(db: Kysely<unknown>) {
  await sql`select pg_advisory_unlock(${sql.lit(MIGRATION_LOCK_KEY)})`.execute(db);
}

/*
 * The adapters stay instances of Kysely's own classes, with the lock methods replaced:
 * migrations tell the two databases apart by `adapter.constructor.name`.
 */

export function sqliteAdapterWithLock(): SqliteAdapter {
  const adapter = new SqliteAdapter();
  adapter.acquireMigrationLock = acquireSqliteLease;
  adapter.releaseMigrationLock = releaseSqliteLease;
  return adapter;
}

export function postgresAdapterWithLock(): PostgresAdapter {
  const adapter = new PostgresAdapter();
  adapter.acquireMigrationLock = acquireAdvisoryLock;
  adapter.releaseMigrationLock = releaseAdvisoryLock;
  return adapter;
}
