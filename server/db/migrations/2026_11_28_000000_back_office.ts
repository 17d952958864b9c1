import { sql, type Kysely } from 'kysely';

/**
 * The back office (docs/product-rules.md, Roles and the back office):
 * - a `version` on every record staff edit, so a save made from an older copy is refused instead
 *   of overwriting someone else's (docs/decisions/0031-edits-carry-the-version-they-started-from.md);
 * - `retired_at` on pujas, products and astrologers: retired ones leave the shop, their rows and
 *   the orders and bookings that name them stay;
 * - each puja's temple script (`script`), for the sankalp sheet;
 * - coupons get a start date and a per-customer limit;
 * - `stock_ledger`: every change of a product's stock, its sum the product's stock, opened here
 *   with one entry per product for the stock it has (docs/decisions/0030-stock-is-a-ledger.md);
 * - `audit_log`: every staff write, append-only (a trigger refuses UPDATE and DELETE);
 * - `staff_invitations`: e-mailed, single-use links that make an account staff.
 */

/** The script of each temple town's state, as the demo catalogue's places name them. */
const SCRIPT_BY_PLACE: [RegExp, string][] = [
  [/karnataka|kollur|horanadu|subramanya|mysuru|mysore|udupi|bengaluru|sringeri|dharmasthala/i, 'kannada'],
  [
    /tamil nadu|tiruchendur|kanchipuram|rameswaram|thirunallar|srirangam|madurai|kumbakonam|tiruvannamalai|palani|chennai/i,
    'tamil',
  ],
  [/andhra|telangana|srikalahasti|simhachalam|tirupati|tirumala|srisailam|hyderabad|vijayawada/i, 'telugu'],
  [/kerala|guruvayur|sabarimala|thiruvananthapuram|attukal|chottanikkara/i, 'malayalam'],
];

const scriptFor = (place: string) =>
  SCRIPT_BY_PLACE.find(([pattern]) => pattern.test(place))?.[1] ?? 'devanagari';

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
  const id = (col: any) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement());
  const idType = postgres ? 'serial' : 'integer';
  const now = new Date().toISOString();

  const version = (table: string) =>
    db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  for (const table of ['puja', 'puja_package', 'product', 'category', 'astrologer', 'coupons'])
    await version(table);
  for (const table of ['puja', 'product', 'astrologer'])
    await db.schema.alterTable(table).addColumn('retired_at', 'text').execute();

  await db.schema
    .alterTable('puja')
    .addColumn('script', 'text', (c) =>
      c
        .notNull()
        .defaultTo('devanagari')
        .check(sql`script in ('kannada', 'tamil', 'telugu', 'malayalam', 'devanagari')`),
    )
    .execute();
  const pujas = await db.selectFrom('puja').select(['id', 'place']).execute();
  for (const { id: pujaId, place } of pujas as { id: number; place: string }[])
    await db
      .updateTable('puja')
      .set({ script: scriptFor(place) })
      .where('id', '=', pujaId)
      .execute();

  await db.schema.alterTable('coupons').addColumn('starts_at', 'text').execute();
  await db.schema
    .alterTable('coupons')
    .addColumn('per_customer_limit', 'integer', (c) => c.check(sql`per_customer_limit >= 1`))
    .execute();

  await db.schema
    .createTable('stock_ledger')
    .addColumn('id', idType, id)
    .addColumn('product_id', 'integer', (c) => c.notNull().references('product.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity <> 0`))
    .addColumn('reason', 'text', (c) =>
      c.notNull().check(sql`reason in ('opening', 'received', 'damaged', 'adjusted', 'order', 'cancelled')`),
    )
    .addColumn('note', 'text')
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('balance', 'integer', (c) => c.notNull().check(sql`balance >= 0`))
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('stock_ledger_product')
    .on('stock_ledger')
    .columns(['product_id', 'id'])
    .execute();
  await sql`insert into stock_ledger (product_id, quantity, reason, note, balance, at)
    select id, stock_quantity, 'opening', 'Stock when the ledger was opened', stock_quantity, ${now}
    from product where stock_quantity <> 0 order by id`.execute(db);

  await db.schema
    .createTable('audit_log')
    .addColumn('id', idType, id)
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute();
  await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity', 'entity_id']).execute();
  await db.schema.createIndex('audit_log_user').on('audit_log').columns(['user_id', 'id']).execute();
  // Append-only: nothing (not even a bug in our own code) may rewrite or remove what happened.
  if (postgres) {
    await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'audit_log is append-only'; end $$`.execute(db);
    await sql`create trigger audit_log_no_change before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    await sql`create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }

  await db.schema
    .createTable('staff_invitations')
    .addColumn('id', idType, id)
    .addColumn('email', 'text', (c) => c.notNull())
    // Only the SHA-256 of the e-mailed token is kept, as for password resets.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('staff_invitations_email').on('staff_invitations').column('email').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
  await db.schema.dropTable('staff_invitations').execute();
  await db.schema.dropTable('audit_log').execute();
  if (postgres) await sql`drop function audit_log_append_only()`.execute(db);
  await db.schema.dropTable('stock_ledger').execute();
  await db.schema.alterTable('coupons').dropColumn('per_customer_limit').execute();
  await db.schema.alterTable('coupons').dropColumn('starts_at').execute();
  await db.schema.alterTable('puja').dropColumn('script').execute();
  for (const table of ['puja', 'product', 'astrologer'])
    await db.schema.alterTable(table).dropColumn('retired_at').execute();
  for (const table of ['puja', 'puja_package', 'product', 'category', 'astrologer', 'coupons'])
    await db.schema.alterTable(table).dropColumn('version').execute();
}
