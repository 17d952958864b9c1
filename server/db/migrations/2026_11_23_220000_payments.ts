import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * Payments and their history (docs/decisions/0012-payments-through-a-server-gateway.md). A
 * payment is an intent the server priced for one order or booking of one customer; the
 * provider's payment id and signature are kept once it is captured, and the record it paid
 * for once it is used. Every change of status is a row in payment_history. Amounts are whole
 * rupees.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey() : col.primaryKey().autoIncrement();
  const idType = postgres ? 'serial' : 'integer';
  const states = sql`('created', 'captured', 'declined', 'used', 'refunded', 'expired')`;

  await db.schema
    .createTable('payments')
    // pay_<random>: text, never guessable from another payment's id.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('order', 'booking')`))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency = 'INR'`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ${states}`))
    .addColumn('method', 'text', (c) =>
      c.check(sql`method is null or method in ('upi', 'card', 'netbanking')`),
    )
    .addColumn('provider_payment_id', 'text')
    .addColumn('signature', 'text')
    .addColumn('refund_id', 'text')
    // What it paid for, once used: exactly one of them.
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    .addColumn('booking_id', 'integer', (c) => c.references('bookings.id'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_user_id').on('payments').columns(['user_id']).execute();
  // The expiry sweep looks for stale payments that can still change.
  await db.schema
    .createIndex('payments_status_expires_at')
    .on('payments')
    .columns(['status', 'expires_at'])
    .execute();

  await db.schema
    .createTable('payment_history')
    .addColumn('id', idType, id)
    .addColumn('payment_id', 'text', (c) => c.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('from_status', 'text', (c) => c.check(sql`from_status is null or from_status in ${states}`))
    .addColumn('to_status', 'text', (c) => c.notNull().check(sql`to_status in ${states}`))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .execute();
  await db.schema
    .createIndex('payment_history_payment_id')
    .on('payment_history')
    .columns(['payment_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['payment_history', 'payments']) {
    await db.schema.dropTable(table).execute();
  }
}
