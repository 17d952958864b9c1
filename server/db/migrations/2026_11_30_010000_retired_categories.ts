import type { Kysely } from 'kysely';

/**
 * Categories can be retired like pujas, products and astrologers (docs/product-rules.md, Roles
 * and the back office): `retired_at` on `category`. A retired category leaves the shop's list;
 * its row stays, and so do the products (retired first) and orders that name it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('category').addColumn('retired_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('category').dropColumn('retired_at').execute();
}
