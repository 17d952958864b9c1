import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * For the devotee (docs/product-rules.md, Family profiles, Chadhava offerings, Gift a puja):
 * - `family_profiles`: the people a customer books for, checked by the person rules;
 * - `puja_offerings`: each puja's add-ons, priced per unit, offered at the temple or sent with
 *   the prasad, versioned and retired like the rest of the catalogue;
 * - `booking_offerings`: the offerings a booking paid for, as they were priced then;
 * - a booking may be a gift (`is_gift`, `gift_message`): its address is the recipient's, typed
 *   in, and names no address book entry (`address_id` 0).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey() : col.primaryKey().autoIncrement();
  const idType = postgres ? 'serial' : 'integer';
  const flag = (name: string) => (c: ColumnDefinitionBuilder) =>
    c
      .notNull()
      .defaultTo(0)
      .check(sql`${sql.ref(name)} in (0, 1)`);

  await db.schema
    .createTable('family_profiles')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('relation', 'text', (c) =>
      c.notNull().check(sql`relation in ('self', 'spouse', 'father', 'mother', 'son', 'daughter', 'other')`),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('date_of_birth', 'text', (c) => c.notNull())
    .addColumn('birth_time', 'text', (c) => c.notNull())
    .addColumn('birth_time_known', 'integer', flag('birth_time_known'))
    .addColumn('birth_place', 'text', (c) => c.notNull())
    .addColumn('birth_place_known', 'integer', flag('birth_place_known'))
    .addColumn('raashi', 'text', (c) => c.notNull())
    .addColumn('nakshatra', 'text', (c) => c.notNull())
    .addColumn('gothra', 'text', (c) => c.notNull())
    .addColumn('gothra_not_known', 'integer', flag('gothra_not_known'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('family_profiles_user')
    .on('family_profiles')
    .columns(['user_id', 'id'])
    .execute();

  await db.schema
    .createTable('puja_offering')
    .addColumn('id', idType, id)
    .addColumn('puja_id', 'integer', (c) => c.notNull().references('puja.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 1`))
    .addColumn('delivery', 'text', (c) => c.notNull().check(sql`delivery in ('temple', 'prasad')`))
    .addColumn('max_quantity', 'integer', (c) => c.notNull().check(sql`max_quantity >= 1`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('retired_at', 'text')
    .execute();
  await db.schema.createIndex('puja_offering_puja').on('puja_offering').columns(['puja_id', 'id']).execute();

  await db.schema
    .createTable('booking_offerings')
    .addColumn('id', idType, id)
    .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('offering_id', 'integer', (c) => c.notNull().references('puja_offering.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn('delivery', 'text', (c) => c.notNull().check(sql`delivery in ('temple', 'prasad')`))
    .addUniqueConstraint('booking_offerings_booking_offering', ['booking_id', 'offering_id'])
    .execute();

  await db.schema.alterTable('bookings').addColumn('is_gift', 'integer', flag('is_gift')).execute();
  await db.schema.alterTable('bookings').addColumn('gift_message', 'text').execute();
  // The package's price when booked; `amount` adds the offerings. Existing bookings had none.
  await db.schema.alterTable('bookings').addColumn('package_amount', 'integer').execute();
  await sql`update bookings set package_amount = amount`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['package_amount', 'gift_message', 'is_gift'])
    await db.schema.alterTable('bookings').dropColumn(column).execute();
  await db.schema.dropTable('booking_offerings').execute();
  await db.schema.dropTable('puja_offering').execute();
  await db.schema.dropTable('family_profiles').execute();
}
