import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * The lives of orders and bookings after the sale (docs/product-rules.md, Orders and bookings
 * after the sale; machines/order-lifecycle/, machines/booking-lifecycle/).
 *
 * - `orders.order_status` and `bookings.status` hold the lifecycle's state: their CHECK lists
 *   become the charts' states. The states are written out here, not imported, so this migration
 *   never changes. Rows made before keep their meaning: an order 'pending' was processing, a
 *   booking 'completed' had its prasad delivered, one 'cancelled' was refunded.
 * - The facts the steps record live beside them: the shipment and delivery, the damage claim,
 *   the dates offered after a puja could not be performed, the proof, the prasad's shipment.
 * - Every step is a row of `order_events` / `booking_events` (from, to, event, who, when,
 *   reason or note, data). Each existing record gets its first row, placed or booked.
 *
 * SQLite cannot change a CHECK in place: the table is rebuilt (its own CREATE TABLE with the new
 * CHECK, rows copied, indexes recreated) with foreign keys off, as SQLite's ALTER TABLE
 * documentation describes. PostgreSQL drops the constraint and adds the new one.
 */
const ORDER_STATES = [
  'processing',
  'packed',
  'shipped',
  'delivered',
  'damageClaimed',
  'claimRejected',
  'cancelled',
  'refundPending',
  'refunded',
];
const BOOKING_STATES = [
  'confirmed',
  'sankalpLocked',
  'performed',
  'prasadShipped',
  'prasadDelivered',
  'notPerformed',
  'refundPending',
  'refunded',
];

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

interface CheckChange {
  table: string;
  column: string;
  /** The CHECK clause as the table was created with it (SQLite keeps the text). */
  oldCheck: string;
  states: readonly string[];
  /** Old values and what they become. */
  renamed: Record<string, string>;
}

async function replaceStateCheck(db: Kysely<any>, change: CheckChange): Promise<void> {
  const { table, column, states, renamed } = change;
  const newCheck = `check (${column} in (${list(states)}))`;
  const mapped = Object.entries(renamed)
    .map(([from, to]) => `when '${from}' then '${to}'`)
    .join(' ');
  const mappedColumn = `case "${column}" ${mapped} else "${column}" end`;

  if (isPostgres(db)) {
    const { rows } = await sql<{ conname: string }>`
      select c.conname from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
      where c.conrelid = ${table}::regclass and c.contype = 'c' and a.attname = ${column}`.execute(db);
    for (const { conname } of rows)
      await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(conname)}`.execute(db);
    await sql.raw(`update "${table}" set "${column}" = ${mappedColumn}`).execute(db);
    await sql.raw(`alter table "${table}" add constraint "${table}_${column}_check" ${newCheck}`).execute(db);
    return;
  }

  const { rows: tables } = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  const createSql = tables[0]?.sql;
  if (!createSql?.includes(change.oldCheck))
    throw new Error(`${table}: the CHECK on ${column} is not the one this migration replaces`);
  const temp = `${table}__rebuilt`;
  const rebuiltSql = createSql
    .replace(`CREATE TABLE "${table}"`, `CREATE TABLE "${temp}"`)
    .replace(change.oldCheck, newCheck);
  const { rows: indexes } = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(
    db,
  );
  const { rows: columns } = await sql<{ name: string }>`
    select name from pragma_table_info(${table}) order by cid`.execute(db);
  const names = columns.map(({ name }) => `"${name}"`).join(', ');
  const values = columns.map(({ name }) => (name === column ? mappedColumn : `"${name}"`)).join(', ');

  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      await sql.raw(rebuiltSql).execute(db);
      await sql.raw(`insert into "${temp}" (${names}) select ${values} from "${table}"`).execute(db);
      await sql.raw(`drop table "${table}"`).execute(db);
      await sql.raw(`alter table "${temp}" rename to "${table}"`).execute(db);
      for (const index of indexes) await sql.raw(index.sql).execute(db);
      const { rows: broken } = await sql`pragma foreign_key_check`.execute(db);
      if (broken.length > 0) throw new Error(`${table}: foreign keys broken by the rebuild`);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

async function createEventTable(db: Kysely<any>, table: string, record: string, recordTable: string) {
  const postgres = isPostgres(db);
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey() : col.primaryKey().autoIncrement();
  await db.schema
    .createTable(table)
    .addColumn('id', postgres ? 'serial' : 'integer', id)
    .addColumn(record, 'integer', (c) => c.notNull().references(`${recordTable}.id`).onDelete('cascade'))
    // null for the record's first row (placed or booked)
    .addColumn('from_state', 'text')
    .addColumn('to_state', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull().check(sql`actor in ('customer', 'staff', 'system')`))
    // The customer or staff member who sent it (null for the server's own steps): the audit trail.
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    // JSON: what came with the step (tracking number, offered dates, a refund's reference...).
    .addColumn('data', 'text')
    .execute();
  await db.schema.createIndex(`${table}_${record}`).on(table).columns([record, 'id']).execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await replaceStateCheck(db, {
    table: 'orders',
    column: 'order_status',
    oldCheck: "check (order_status in ('pending', 'processing', 'shipped', 'delivered', 'cancelled'))",
    states: ORDER_STATES,
    renamed: { pending: 'processing' },
  });
  await replaceStateCheck(db, {
    table: 'bookings',
    column: 'status',
    oldCheck: "check (status in ('confirmed', 'completed', 'cancelled'))",
    states: BOOKING_STATES,
    renamed: { completed: 'prasadDelivered', cancelled: 'refunded' },
  });

  for (const column of [
    'shipment_carrier',
    'shipment_tracking_number',
    'delivered_at',
    'claim_note',
    'claim_photo_id',
    'claimed_at',
  ])
    await db.schema.alterTable('orders').addColumn(column, 'text').execute();
  await db.schema.createIndex('orders_order_status').on('orders').columns(['order_status', 'id']).execute();

  // JSON array of ISO instants.
  await db.schema
    .alterTable('bookings')
    .addColumn('offered_dates', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  for (const column of ['proof_video_url', 'proof_photo_ids', 'prasad_carrier', 'prasad_tracking_number'])
    await db.schema.alterTable('bookings').addColumn(column, 'text').execute();
  // The scheduled sankalp lock looks for confirmed bookings whose puja is near.
  await db.schema
    .createIndex('bookings_status_puja_date')
    .on('bookings')
    .columns(['status', 'puja_date'])
    .execute();

  await createEventTable(db, 'order_events', 'order_id', 'orders');
  await createEventTable(db, 'booking_events', 'booking_id', 'bookings');
  await sql`
    insert into order_events (order_id, from_state, to_state, event, actor, actor_user_id, at)
    select id, null, order_status, 'order.placed', 'customer', user_id, created_at from orders`.execute(db);
  await sql`
    insert into booking_events (booking_id, from_state, to_state, event, actor, actor_user_id, at)
    select id, null, status, 'booking.placed', 'customer', user_id, created_at from bookings`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('booking_events').execute();
  await db.schema.dropTable('order_events').execute();
  await db.schema.dropIndex('bookings_status_puja_date').execute();
  for (const column of [
    'prasad_tracking_number',
    'prasad_carrier',
    'proof_photo_ids',
    'proof_video_url',
    'offered_dates',
  ])
    await db.schema.alterTable('bookings').dropColumn(column).execute();
  await db.schema.dropIndex('orders_order_status').execute();
  for (const column of [
    'claimed_at',
    'claim_photo_id',
    'claim_note',
    'delivered_at',
    'shipment_tracking_number',
    'shipment_carrier',
  ])
    await db.schema.alterTable('orders').dropColumn(column).execute();
}
