import type { Kysely } from 'kysely';

/**
 * The server's scheduled work (server/jobs/scheduler.ts): one row per job. A process runs a job
 * only after claiming it with a conditional UPDATE (due, and no live lease held by another
 * process), so several API processes sharing the database run each job once per interval.
 * Instants are ISO 8601 text, compared as text (they are all toISOString()).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scheduled_jobs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('next_run_at', 'text', (c) => c.notNull())
    // Who runs it now, and until when that claim holds (a crashed process's claim runs out).
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_started_at', 'text')
    .addColumn('last_finished_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('runs', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scheduled_jobs').execute();
}
