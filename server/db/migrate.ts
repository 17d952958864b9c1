import { setTimeout as sleep } from 'node:timers/promises';
import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './client.ts';
import { isDatabaseBusy } from './errors.ts';
import { MIGRATION_WAIT_MS } from './migration-lock.ts';
import * as catalogue from './migrations/2026_11_21_220000_catalogue.ts';
import * as accounts from './migrations/2026_11_21_230000_accounts.ts';
import * as orders from './migrations/2026_11_22_000000_orders.ts';
import * as bookings from './migrations/2026_11_22_010000_bookings.ts';
import * as abuseCounters from './migrations/2026_11_23_220000_abuse_counters.ts';
import * as payments from './migrations/2026_11_23_220000_payments.ts';
import * as passwordResets from './migrations/2026_11_23_233000_password_resets.ts';
import * as personsNotKnown from './migrations/2026_11_24_030000_persons_not_known.ts';
import * as indianAddresses from './migrations/2026_11_24_040000_indian_addresses.ts';
import * as roles from './migrations/2026_11_26_000000_roles.ts';
import * as lifecycles from './migrations/2026_11_26_010000_lifecycles.ts';
import * as scheduledJobs from './migrations/2026_11_26_020000_scheduled_jobs.ts';
import * as uploads from './migrations/2026_11_26_030000_uploads.ts';
import * as backOffice from './migrations/2026_11_28_000000_back_office.ts';
import * as familyOfferingsGifts from './migrations/2026_11_29_000000_family_offerings_gifts.ts';
import * as retiredCategories from './migrations/2026_11_30_010000_retired_categories.ts';
import * as personScriptSpellings from './migrations/2026_12_01_220500_person_script_spellings.ts';
import * as outbox from './migrations/2026_12_02_000000_outbox.ts';
import * as messagePreferences from './migrations/2026_12_03_000000_message_preferences.ts';
import * as giftUpdates from './migrations/2026_12_03_010000_gift_updates.ts';
import * as pujaCapacity from './migrations/2026_12_04_000000_puja_capacity.ts';
import * as pujaAuthorisation from './migrations/2026_12_05_000000_puja_authorisation.ts';
import * as pujaSeries from './migrations/2026_12_05_120000_puja_series.ts';
import * as bookingDateChanges from './migrations/2026_12_05_120100_booking_date_changes.ts';
import * as dateChangePayments from './migrations/2026_12_06_120000_date_change_payments.ts';
import * as waitlist from './migrations/2026_12_05_000000_waitlist.ts';
import * as seedSteps from './migrations/2026_12_06_170000_seed_steps.ts';

/**
 * Migrations are listed here rather than read from the folder, so they work the same under
 * tsx, vitest and a bundler. Append new ones in date order; never edit one that has landed.
 */
const migrations: Record<string, Migration> = {
  '2026_11_21_220000_catalogue': catalogue,
  '2026_11_21_230000_accounts': accounts,
  '2026_11_22_000000_orders': orders,
  '2026_11_22_010000_bookings': bookings,
  '2026_11_23_220000_abuse_counters': abuseCounters,
  '2026_11_23_220000_payments': payments,
  '2026_11_23_233000_password_resets': passwordResets,
  '2026_11_24_030000_persons_not_known': personsNotKnown,
  '2026_11_24_040000_indian_addresses': indianAddresses,
  '2026_11_26_000000_roles': roles,
  '2026_11_26_010000_lifecycles': lifecycles,
  '2026_11_26_020000_scheduled_jobs': scheduledJobs,
  '2026_11_26_030000_uploads': uploads,
  '2026_11_28_000000_back_office': backOffice,
  '2026_11_29_000000_family_offerings_gifts': familyOfferingsGifts,
  '2026_11_30_010000_retired_categories': retiredCategories,
  '2026_12_01_220500_person_script_spellings': personScriptSpellings,
  '2026_12_02_000000_outbox': outbox,
  '2026_12_03_000000_message_preferences': messagePreferences,
  '2026_12_03_010000_gift_updates': giftUpdates,
  '2026_12_04_000000_puja_capacity': pujaCapacity,
  '2026_12_05_000000_puja_authorisation': pujaAuthorisation,
  '2026_12_05_120000_puja_series': pujaSeries,
  '2026_12_05_120100_booking_date_changes': bookingDateChanges,
  '2026_12_06_120000_date_change_payments': dateChangePayments,
  '2026_12_05_000000_waitlist': waitlist,
  '2026_12_06_170000_seed_steps': seedSteps,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/** The names of the migrations this code knows, in the order they run. */
export const migrationNames: readonly string[] = Object.keys(migrations).sort();

/**
 * Brings the database up to date and returns the names of the migrations this call ran (none
 * when another process ran them first). Safe when several processes start at once: the
 * Migrator runs under a lock that holds across processes (server/db/migration-lock.ts), and a
 * moment of "database busy" while it creates its own tables is waited out.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const deadline = Date.now() + MIGRATION_WAIT_MS;
  for (;;) {
    const { error, results = [] } = await new Migrator({ db, provider }).migrateToLatest();
    const failed = results.find((r) => r.status === 'Error');
    if (!error && !failed) return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
    // Nothing ran yet when a busy database refused the Migrator's own bookkeeping: try again.
    if (isDatabaseBusy(error) && !failed && Date.now() < deadline) {
      await sleep(50);
      continue;
    }
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}

/** Migrates up to (and including) the named migration: for testing a migration over older data. */
export async function migrateUpTo(db: Db, name: string): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateTo(name);
  if (error) throw new Error(`Migration to ${name} failed`, { cause: error });
}

/**
 * The migrations this code knows that the database has not run (all of them when it was never
 * migrated). Throws when the database does not answer.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  let ran: Set<string>;
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    ran = new Set(rows.map((r) => r.name));
  } catch (err) {
    // No migration table yet: nothing ran. Any other failure is the database not answering.
    const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
    const missingTable =
      code === '42P01' || (typeof message === 'string' && message.includes('no such table'));
    if (!missingTable) throw err;
    ran = new Set();
  }
  return migrationNames.filter((name) => !ran.has(name));
}
