import type { Kysely } from 'kysely';

/**
 * Indian addresses (docs/product-rules.md, Addresses): a recipient, a mobile number, an area
 * and an optional landmark, on saved addresses and on the copies orders and bookings keep.
 * Nullable, so addresses saved before keep working (they read back null there).
 */
const TABLES = ['addresses', 'orders', 'bookings'] as const;
const COLUMNS = ['recipient_name', 'mobile', 'area', 'landmark'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    for (const column of COLUMNS) {
      await db.schema.alterTable(table).addColumn(column, 'text').execute();
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    for (const column of [...COLUMNS].reverse()) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
