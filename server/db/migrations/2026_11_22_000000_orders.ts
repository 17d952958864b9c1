import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * Coupons, orders and their lines. An order keeps a snapshot of its delivery address and of
 * each product's name, image and unit price, so later edits to the address book or the
 * catalogue never change a placed order. Amounts are whole rupees. `(user_id, idempotency_key)`
 * is unique, so a repeated submit can never create a second order; the checks on coupons keep
 * `times_used` within `usage_limit` even if the code that guards it were wrong.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey() : col.primaryKey().autoIncrement();
  const idType = postgres ? 'serial' : 'integer';

  await db.schema
    .createTable('coupons')
    .addColumn('id', idType, id)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('percent', 'flat')`))
    .addColumn('value', 'integer', (c) => c.notNull().check(sql`value > 0`))
    .addColumn('min_subtotal', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`min_subtotal >= 0`),
    )
    .addColumn('max_discount', 'integer', (c) => c.check(sql`max_discount is null or max_discount >= 0`))
    .addColumn('expires_at', 'text')
    .addColumn('usage_limit', 'integer', (c) => c.check(sql`usage_limit is null or usage_limit >= 0`))
    .addColumn('times_used', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`times_used >= 0`),
    )
    .addColumn('active', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`active in (0, 1)`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('coupons_percent_at_most_100', sql`kind <> 'percent' or value <= 100`)
    .addCheckConstraint('coupons_within_limit', sql`usage_limit is null or times_used <= usage_limit`)
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', idType, id)
    .addColumn('order_number', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    // The address book entry it came from (it may be edited or deleted later) and its snapshot.
    .addColumn('address_id', 'integer', (c) => c.notNull())
    .addColumn('street', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('address_is_default', 'integer', (c) => c.notNull().check(sql`address_is_default in (0, 1)`))
    .addColumn('subtotal', 'integer', (c) => c.notNull().check(sql`subtotal >= 0`))
    .addColumn('shipping', 'integer', (c) => c.notNull().check(sql`shipping >= 0`))
    .addColumn('discount', 'integer', (c) => c.notNull().check(sql`discount >= 0`))
    .addColumn('total', 'integer', (c) => c.notNull().check(sql`total >= 0`))
    .addColumn('coupon_code', 'text')
    .addColumn('payment_method', 'text', (c) => c.notNull().check(sql`payment_method in ('online', 'cod')`))
    .addColumn('payment_id', 'text')
    .addColumn('payment_status', 'text', (c) =>
      c.notNull().check(sql`payment_status in ('pending', 'completed', 'failed', 'refunded')`),
    )
    .addColumn('order_status', 'text', (c) =>
      c.notNull().check(sql`order_status in ('pending', 'processing', 'shipped', 'delivered', 'cancelled')`),
    )
    .addColumn('notes', 'text')
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_user_id').on('orders').columns(['user_id', 'id']).execute();
  // NULL keys never collide (in SQLite and PostgreSQL alike): orders without a key are not limited.
  await db.schema
    .createIndex('orders_user_idempotency_key')
    .unique()
    .on('orders')
    .columns(['user_id', 'idempotency_key'])
    .execute();

  await db.schema
    .createTable('order_items')
    .addColumn('id', idType, id)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('product.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('unit_price', 'integer', (c) => c.notNull().check(sql`unit_price >= 0`))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    // JSON {size?, color?} or NULL.
    .addColumn('variant', 'text')
    .execute();
  await db.schema.createIndex('order_items_order_id').on('order_items').column('order_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['order_items', 'orders', 'coupons']) {
    await db.schema.dropTable(table).execute();
  }
}
