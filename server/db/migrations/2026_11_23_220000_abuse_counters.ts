import type { Kysely } from 'kysely';

/**
 * The abuse limits' counters (docs/decisions/0013-abuse-limits.md): one row per counted key
 * (limiter prefix + subject), its points in the current window and when the window or block
 * ends (ms since the epoch; null never). The layout rate-limiter-flexible's SQL stores use, so
 * its counting logic runs unchanged over our own connection (server/limits/counter-store.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('abuse_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute();
  await db.schema.createIndex('abuse_counters_expire').on('abuse_counters').column('expire').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('abuse_counters').execute();
}
