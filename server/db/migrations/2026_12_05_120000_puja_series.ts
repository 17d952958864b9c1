import type { Kysely } from 'kysely';

/**
 * The dates of one puja (docs/product-rules.md, Rescheduling): each date is its own puja record,
 * and a repeat (the back office's "repeat on a new date") names the record it was first made
 * from, so a booking can move to another date of the same puja. Null: the record is its own
 * series (the first date, or a puja never repeated).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('puja').addColumn('series_id', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('puja').dropColumn('series_id').execute();
}
