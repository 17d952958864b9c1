/**
 * The lifecycle migration over a shop that already has orders and bookings: their statuses keep
 * their meaning under the lifecycles' states, each gets its first timeline row, the rebuilt
 * tables keep their rows, indexes and foreign keys, and the new CHECKs hold.
 */
import { sql } from 'kysely';
import type { Db } from '../../server/db/client.ts';
import { migrateToLatest, migrateUpTo } from '../../server/db/migrate.ts';
import { onPostgres } from '../support/test-db.ts';
import { databasePerFile } from '../support/prelude.ts';

const database = databasePerFile('shop-migration-');
let db: Db;
beforeAll(async () => {
  db = await database.open();
  await migrateUpTo(db, '2026_11_24_040000_indian_addresses');
  // The catalogue as it was then (today's seed writes columns later migrations added).
  await oldCatalogue(db);
});

async function oldCatalogue(db: Db) {
  const benefits = Object.fromEntries(
    [1, 2, 3, 4].flatMap((n) => [
      [`benefit_title${n}`, 'B'],
      [`benefit_desc${n}`, 'B'],
    ]),
  );
  await sql`insert into category (category, name, img_url) values ('malas', 'Malas', '/x.svg')`.execute(db);
  await sql`insert into product (name, description, price, offer_price, image, stock_quantity, category_id)
    values ('Mala', 'A mala.', 150, 100, '/x.svg', 10, 1)`.execute(db);
  const columns = ['puja_name', 'place', 'puja_date', 'image', 'description', ...Object.keys(benefits)];
  const values = [
    'Homam',
    'Udupi',
    '2026-02-01T00:00:00.000Z',
    '/x.svg',
    'A homam.',
    ...Object.values(benefits),
  ];
  await sql`insert into puja (${sql.join(columns.map((c) => sql.ref(c)))}) values (${sql.join(values)})`.execute(
    db,
  );
  await sql`insert into puja_package (puja_id, title, description, no_persons, price, offer_price)
    values (1, 'Single', 'One name.', 1, 1500, 1101)`.execute(db);
}
afterAll(async () => {
  await db.destroy();
});

const address = {
  address_id: 1,
  street: 'MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postal_code: '560001',
  country: 'India',
  address_is_default: 1,
};

it('keeps old orders and bookings, their meaning, and gives each its first timeline row', async () => {
  await sql`insert into users (name, email, password_hash, created_at) values ('Old', 'old@example.com', 'x', '2026-01-01T00:00:00.000Z')`.execute(
    db,
  );
  for (const [n, status] of [
    [1, 'pending'],
    [2, 'shipped'],
  ] as const) {
    await db
      .insertInto('orders')
      .values({
        ...{
          orderNumber: `DPS-OLD-${n}`,
          userId: 1,
          addressId: address.address_id,
          street: address.street,
          city: address.city,
          state: address.state,
          postalCode: address.postal_code,
          country: address.country,
          addressIsDefault: 1,
        },
        subtotal: 100,
        shipping: 0,
        discount: 0,
        total: 100,
        couponCode: null,
        paymentMethod: 'cod',
        paymentId: null,
        paymentStatus: 'pending',
        orderStatus: status as never,
        notes: null,
        idempotencyKey: null,
        requestHash: null,
        createdAt: `2026-01-0${n}T00:00:00.000Z`,
      } as never)
      .execute();
  }
  const product = await db.selectFrom('product').select('id').executeTakeFirstOrThrow();
  await sql`insert into order_items (order_id, product_id, name, image, unit_price, quantity) values (1, ${product.id}, 'Mala', '/x.svg', 100, 1)`.execute(
    db,
  );
  const puja = await db.selectFrom('pujaPackage').select(['id', 'pujaId']).executeTakeFirstOrThrow();
  for (const [n, status] of [
    [1, 'completed'],
    [2, 'cancelled'],
  ] as const)
    await sql`insert into bookings (booking_number, user_id, puja_id, package_id, puja_name, puja_place, puja_date, puja_image,
      package_title, package_no_persons, amount, payment_method, payment_id, payment_status, status, address_id, street, city,
      state, postal_code, country, address_is_default, created_at)
      values (${`PUJ-OLD-${n}`}, 1, ${puja.pujaId}, ${puja.id}, 'Homam', 'Udupi', '2026-02-01T00:00:00.000Z', '/x.svg', 'Single', 1, 1101,
      'online', 'pay_old', 'completed', ${status}, 1, 'MG Road', 'Bengaluru', 'Karnataka', '560001', 'India', 1, '2026-01-01T00:00:00.000Z')`.execute(
      db,
    );

  await migrateToLatest(db);

  const orders = await db.selectFrom('orders').select(['id', 'orderStatus']).orderBy('id').execute();
  expect(orders).toEqual([
    { id: 1, orderStatus: 'processing' },
    { id: 2, orderStatus: 'shipped' },
  ]);
  const bookings = await db
    .selectFrom('bookings')
    .select(['id', 'status', 'offeredDates'])
    .orderBy('id')
    .execute();
  expect(bookings).toEqual([
    { id: 1, status: 'prasadDelivered', offeredDates: '[]' },
    { id: 2, status: 'refunded', offeredDates: '[]' },
  ]);
  expect(
    await db.selectFrom('orderEvents').select(['orderId', 'fromState', 'toState', 'event', 'at']).execute(),
  ).toEqual([
    {
      orderId: 1,
      fromState: null,
      toState: 'processing',
      event: 'order.placed',
      at: '2026-01-01T00:00:00.000Z',
    },
    {
      orderId: 2,
      fromState: null,
      toState: 'shipped',
      event: 'order.placed',
      at: '2026-01-02T00:00:00.000Z',
    },
  ]);
  expect(await db.selectFrom('bookingEvents').select(['bookingId', 'event']).execute()).toHaveLength(2);
  expect(await db.selectFrom('orderItems').select('orderId').execute()).toEqual([{ orderId: 1 }]);
  if (!onPostgres) {
    // SQLite rebuilt the table: its foreign keys still hold and are enforced again.
    expect((await sql`pragma foreign_key_check`.execute(db)).rows).toEqual([]);
    expect((await sql`pragma foreign_keys`.execute(db)).rows).toEqual([{ foreignKeys: 1 }]);
  }
  const { rows: indexes } = await (
    onPostgres
      ? sql<{
          name: string;
        }>`select indexname as name from pg_indexes where tablename = 'orders' and indexname not like '%_pkey' and indexname <> 'orders_order_number_key' order by indexname`
      : sql<{
          name: string;
        }>`select name from sqlite_master where type = 'index' and tbl_name = 'orders' and sql is not null order by name`
  ).execute(db);
  expect(indexes.map((i) => i.name)).toEqual([
    'orders_order_status',
    'orders_user_id',
    'orders_user_idempotency_key',
  ]);
  // The new CHECK holds, the old values are gone from it.
  await expect(
    db
      .updateTable('orders')
      .set({ orderStatus: 'pending' as never })
      .where('id', '=', 1)
      .execute(),
  ).rejects.toThrow(/check/i);
  await db.updateTable('orders').set({ orderStatus: 'refundPending' }).where('id', '=', 1).execute();
  // Ids go on after the old rows.
  const { id } = await db
    .insertInto('orderEvents')
    .values({
      orderId: 1,
      fromState: 'processing',
      toState: 'refundPending',
      event: 'order.cancel',
      actor: 'staff',
      actorUserId: 1,
      at: 'now',
      note: null,
      data: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  expect(id).toBe(3);
});
