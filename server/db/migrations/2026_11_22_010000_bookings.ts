import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * Puja bookings and the persons each one covers. A booking keeps a snapshot of the puja (name,
 * place, date, image), the package (title, number of persons), its price and the address, so
 * later edits to the catalogue or the address book never change a confirmed booking. Amounts are
 * whole rupees. `(user_id, idempotency_key)` is unique, so a repeated submit can never create a
 * second booking; `(booking_id, position)` keeps the persons in the order they were entered.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey() : col.primaryKey().autoIncrement();
  const idType = postgres ? 'serial' : 'integer';

  await db.schema
    .createTable('bookings')
    .addColumn('id', idType, id)
    .addColumn('booking_number', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('puja_id', 'integer', (c) => c.notNull().references('puja.id'))
    .addColumn('package_id', 'integer', (c) => c.notNull().references('puja_package.id'))
    .addColumn('puja_name', 'text', (c) => c.notNull())
    .addColumn('puja_place', 'text', (c) => c.notNull())
    .addColumn('puja_date', 'text', (c) => c.notNull())
    .addColumn('puja_image', 'text', (c) => c.notNull())
    .addColumn('package_title', 'text', (c) => c.notNull())
    .addColumn('package_no_persons', 'integer', (c) => c.notNull().check(sql`package_no_persons >= 1`))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('payment_method', 'text', (c) => c.notNull().check(sql`payment_method in ('online')`))
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .addColumn('payment_status', 'text', (c) =>
      c.notNull().check(sql`payment_status in ('completed', 'refunded')`),
    )
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('confirmed', 'completed', 'cancelled')`),
    )
    // The address book entry it came from (it may be edited or deleted later) and its snapshot.
    .addColumn('address_id', 'integer', (c) => c.notNull())
    .addColumn('street', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('address_is_default', 'integer', (c) => c.notNull().check(sql`address_is_default in (0, 1)`))
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bookings_user_id').on('bookings').columns(['user_id', 'id']).execute();
  // NULL keys never collide (in SQLite and PostgreSQL alike): bookings without a key are not limited.
  await db.schema
    .createIndex('bookings_user_idempotency_key')
    .unique()
    .on('bookings')
    .columns(['user_id', 'idempotency_key'])
    .execute();

  await db.schema
    .createTable('booking_persons')
    .addColumn('id', idType, id)
    .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    // 1-based, in the order the customer entered them.
    .addColumn('position', 'integer', (c) => c.notNull().check(sql`position >= 1`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('date_of_birth', 'text', (c) => c.notNull())
    .addColumn('birth_time', 'text', (c) => c.notNull())
    .addColumn('birth_place', 'text', (c) => c.notNull())
    .addColumn('raashi', 'text', (c) => c.notNull())
    .addColumn('nakshatra', 'text', (c) => c.notNull())
    .addColumn('gothra', 'text', (c) => c.notNull())
    .addUniqueConstraint('booking_persons_booking_position', ['booking_id', 'position'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['booking_persons', 'bookings']) {
    await db.schema.dropTable(table).execute();
  }
}
