import type { Kysely } from 'kysely';

/**
 * Places per puja date (docs/product-rules.md, Places at the temple): how many names the temple
 * reads for this date, set by staff; null is unlimited. What is left is counted from the bookings
 * that hold places, never kept as a number of its own (docs/decisions/0075).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('puja').addColumn('capacity', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('puja').dropColumn('capacity').execute();
}
