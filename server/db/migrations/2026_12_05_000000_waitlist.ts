import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * The waitlist of a full puja date (docs/product-rules.md, Waitlist; docs/decisions/0076;
 * machines/waitlist/).
 *
 * - `waitlist_entries`: one devotee's place in line for one puja date, with the booking draft they
 *   chose (JSON, as POST /api/payments prices it) and its number of persons (the places an offer
 *   holds). `status` is the chart's state; the states are written out here, not imported, so this
 *   migration never changes. Line order is the id (the order joined).
 * - One entry still in line (waiting or offered) per account and puja: a partial unique index, so
 *   two joins racing cannot both get in.
 * - `waitlist_events`: one row per step, written in the step's transaction, as booking_events.
 */
const WAITLIST_STATES = ['waiting', 'offered', 'booked', 'lapsed', 'left'];
const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey() : col.primaryKey().autoIncrement();
  await db.schema
    .createTable('waitlist_entries')
    .addColumn('id', postgres ? 'serial' : 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('puja_id', 'integer', (c) => c.notNull().references('puja.id').onDelete('cascade'))
    .addColumn('package_id', 'integer', (c) => c.notNull())
    // The persons named in the draft: the places an offer holds.
    .addColumn('persons', 'integer', (c) => c.notNull().check(sql`persons > 0`))
    // The booking draft as joined (JSON).
    .addColumn('draft', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql.raw(`status in (${list(WAITLIST_STATES)})`)))
    .addColumn('offered_at', 'text')
    .addColumn('offer_expires_at', 'text')
    .addColumn('booking_id', 'integer', (c) => c.references('bookings.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('waitlist_entries_line')
    .on('waitlist_entries')
    .columns(['puja_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('waitlist_entries_user')
    .on('waitlist_entries')
    .columns(['user_id', 'id'])
    .execute();
  await sql`create unique index waitlist_entries_open on waitlist_entries (user_id, puja_id)
    where status in ('waiting', 'offered')`.execute(db);

  await db.schema
    .createTable('waitlist_events')
    .addColumn('id', postgres ? 'serial' : 'integer', id)
    .addColumn('entry_id', 'integer', (c) =>
      c.notNull().references('waitlist_entries.id').onDelete('cascade'),
    )
    .addColumn('from_state', 'text')
    .addColumn('to_state', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull().check(sql`actor in ('customer', 'staff', 'system')`))
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('data', 'text')
    .execute();
  await db.schema
    .createIndex('waitlist_events_entry_id')
    .on('waitlist_events')
    .columns(['entry_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('waitlist_events').execute();
  await db.schema.dropTable('waitlist_entries').execute();
}
