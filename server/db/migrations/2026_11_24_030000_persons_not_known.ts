import { sql, type Kysely } from 'kysely';

/**
 * A devotee may not know their birth time or birth place (docs/product-rules.md, Persons). The
 * mark is stored as such, one flag per field (1 known, 0 not known); the text column is then ''.
 * Rows made before keep 1: their details were all required.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['birth_time_known', 'birth_place_known']) {
    await db.schema
      .alterTable('booking_persons')
      .addColumn(column, 'integer', (c) =>
        c
          .notNull()
          .defaultTo(1)
          .check(sql`${sql.ref(column)} in (0, 1)`),
      )
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['birth_place_known', 'birth_time_known']) {
    await db.schema.alterTable('booking_persons').dropColumn(column).execute();
  }
}
