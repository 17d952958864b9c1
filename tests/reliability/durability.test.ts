/**
 * Promise 1, no lost data: an order or booking answered 2xx survives a crash (SIGKILL) of the
 * server process; a failure or crash in the middle of a write leaves a complete record or none
 * (the order, its lines, the stock change and the coupon use commit together).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import * as v from 'valibot';
import { Booking, type BookingCreatePayload } from '../../contract/booking.ts';
import type { ProductDetailResponse, ProductListResponse } from '../../contract/catalogue.ts';
import { OrderRead, type OrderCreatePayload } from '../../contract/orders.ts';
import { readServerConfig } from '../../server/config.ts';
import { DEFAULT_LOCK_WAIT_MS, type Db } from '../../server/db/client.ts';
import { prepareDb } from '../../server/start.ts';
import { registerAndLogin, type Customer } from '../support/accounts.ts';
import { http, newCustomer, startApiServer } from '../support/api-server.ts';
import type { ApiServer, HttpCustomer } from '../support/api-server.ts';
import { addPuja, bookingBody, countBookingRows } from '../support/bookings.ts';
import { addAddress, addProduct, countOrders, send, stockOf, timesUsed } from '../support/orders.ts';
import { paid, paymentStatus } from '../support/payments.ts';
import { createTestDatabase, createTestShop, onPostgres } from '../support/test-db.ts';
import { codOrder, numberOf, openPujaBooking, openShopDb } from './helpers.ts';
import { shopPerFile } from '../support/prelude.ts';

describe('the database settings behind it', () => {
  /** The server's own start-up path (its config and prepareDb) over a fresh database of the kind under test. */
  async function prepared(env: Record<string, string>, work: (db: Db) => Promise<void>) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-settings-'));
    const database = await createTestDatabase(dir);
    try {
      const db = await prepareDb(
        readServerConfig({ DATA_DIR: dir, DATABASE_URL: database.url ?? '', ...env }),
      );
      try {
        await work(db);
      } finally {
        await db.destroy();
      }
    } finally {
      await database.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const setting = async (db: Db, statement: string) => {
    const { rows } = await sql<Record<string, unknown>>`${sql.raw(statement)}`.execute(db);
    return Object.values(rows[0] ?? {})[0];
  };

  it('opens SQLite in WAL mode with synchronous FULL (fsync on every commit) and foreign keys, and either database with a bounded lock wait', async () => {
    if (onPostgres) {
      // PostgreSQL: the lock wait is the session's lock_timeout (commit durability is the server's own setting).
      await prepared({}, async (db) => {
        expect(await setting(db, 'show lock_timeout')).toBe(`${DEFAULT_LOCK_WAIT_MS / 1000}s`);
      });
      await prepared({ DB_LOCK_WAIT_MS: '750' }, async (db) => {
        expect(await setting(db, 'show lock_timeout')).toBe('750ms');
      });
      return;
    }
    await prepared({}, async (db) => {
      expect(await setting(db, 'pragma journal_mode')).toBe('wal');
      // 2 = FULL. better-sqlite3's build default in WAL mode is 1 (NORMAL): durable against a
      // process crash but not against a power cut.
      expect(await setting(db, 'pragma synchronous')).toBe(2);
      expect(await setting(db, 'pragma foreign_keys')).toBe(1);
      expect(await setting(db, 'pragma busy_timeout')).toBe(DEFAULT_LOCK_WAIT_MS);
    });
    await prepared({ DB_LOCK_WAIT_MS: '750' }, async (db) => {
      expect(await setting(db, 'pragma busy_timeout')).toBe(750);
    });
  });
});

describe('a failure in the middle of a write leaves a complete record or none', () => {
  const shop = shopPerFile(createTestShop);
  let me: Customer;
  let addressId: number;
  beforeAll(async () => {
    me = await registerAndLogin(shop.app);
    addressId = (await addAddress(shop.app, me)).id;
  });
  beforeEach(() => {
    // The injected failure is logged as an unexpected error; keep the test output clean.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  /** Makes every insert into `table` matching `when` fail, as a full disk or a crash would. */
  const failInsertsInto = async (table: string, when: string) => {
    if (onPostgres) {
      await sql`${sql.raw(
        `create function fail_${table}() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`,
      )}`.execute(shop.db);
      await sql`${sql.raw(
        `create trigger fail_${table} before insert on ${table} for each row when (${when}) execute function fail_${table}()`,
      )}`.execute(shop.db);
    } else {
      await sql`${sql.raw(
        `create trigger fail_${table} before insert on ${table} when ${when} begin select raise(abort, 'injected failure'); end`,
      )}`.execute(shop.db);
    }
  };
  const healInsertsInto = async (table: string) => {
    await sql`${sql.raw(`drop trigger fail_${table}${onPostgres ? ` on ${table}` : ''}`)}`.execute(shop.db);
    if (onPostgres) await sql`${sql.raw(`drop function fail_${table}()`)}`.execute(shop.db);
  };

  it('rolls back an order failing after its stock update and coupon use: no order, no lines, stock and coupon unchanged', async () => {
    const lamp = await addProduct(shop.db, { name: 'Kuthu Vilakku', offerPrice: 900, stockQuantity: 10 });
    const bell = await addProduct(shop.db, { name: 'Pooja Bell', offerPrice: 400, stockQuantity: 10 });
    // The stock updates and the coupon use have run when the order lines are inserted.
    await failInsertsInto('order_items', `new.product_id = ${bell}`);
    const body: OrderCreatePayload = {
      address_id: addressId,
      items: [
        { product_id: lamp, quantity: 2 },
        { product_id: bell, quantity: 1 },
      ],
      payment_method: 'cod',
      coupon_code: 'ONCE100',
    };
    const post = () =>
      send(shop.app, 'POST', '/api/orders', {
        token: me.token,
        json: body,
        headers: { 'Idempotency-Key': 'mid-write-order' },
      });

    const failed = await post();

    expect(failed).toMatchObject({
      status: 500,
      body: { message: 'Something went wrong on our side. Please try again.' },
    });
    expect(await countOrders(shop.db)).toBe(0);
    expect(await numberOf(shop.db, sql`select count(*) as n from order_items`)).toBe(0);
    expect(await stockOf(shop.db, lamp)).toBe(10);
    expect(await stockOf(shop.db, bell)).toBe(10);
    expect(await timesUsed(shop.db, 'ONCE100')).toBe(0);

    // Nothing half-done blocks the retry: the same key now places the order, with the coupon.
    await healInsertsInto('order_items');
    const retried = await post();
    expect(retried.status).toBe(201);
    expect(await countOrders(shop.db)).toBe(1);
    expect(await stockOf(shop.db, lamp)).toBe(8);
    expect(await stockOf(shop.db, bell)).toBe(9);
    expect(await timesUsed(shop.db, 'ONCE100')).toBe(1);
  });

  it('rolls back a booking failing while its persons are saved: no booking, no persons', async () => {
    const puja = await addPuja(shop.db);
    await failInsertsInto('booking_persons', 'new.position = 2');
    const body = await paid(shop.app, me.token, bookingBody(puja, addressId, 2));
    const post = () =>
      send(shop.app, 'POST', '/api/bookings', {
        token: me.token,
        json: body,
        headers: { 'Idempotency-Key': 'mid-write-booking' },
      });

    const failed = await post();

    expect(failed.status).toBe(500);
    expect(await countBookingRows(shop.db)).toEqual({ bookings: 0, persons: 0 });
    // The payment's "used" mark was rolled back with the booking: the retry can still use it.
    expect(await paymentStatus(shop.db, body.paymentId)).toBe('captured');
    await healInsertsInto('booking_persons');
    expect((await post()).status).toBe(201);
    expect(await countBookingRows(shop.db)).toEqual({ bookings: 1, persons: 2 });
    expect(await paymentStatus(shop.db, body.paymentId)).toBe('used');
  });
});

describe('a crash of the server process (SIGKILL)', () => {
  let server: ApiServer;
  let dataDir: string;
  let customers: HttpCustomer[];
  /** Two seeded products with stock: one plentiful (₹499 or more, for WELCOME10), one scarce. */
  let plentiful: number;
  let scarce: number;

  beforeAll(async () => {
    server = await startApiServer();
    dataDir = server.dataDir;
    customers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => newCustomer(server.url, `Devotee ${i + 1}`)),
    );
    const { products } = (await http(server.url, 'GET', '/products')).body as ProductListResponse;
    plentiful = products.find((p) => p.stockQuantity >= 100 && p.offerPrice >= 499)!.id;
    scarce = products.find((p) => p.stockQuantity >= 3 && p.stockQuantity <= 12)!.id;
  }, 60000);
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const stockOver = async (productId: number) => {
    const { body } = await http(server.url, 'GET', `/products/${productId}`);
    return (body as ProductDetailResponse).product[0]!.stockQuantity;
  };

  it('keeps an order and a booking answered 201 when the server is killed right after answering', async () => {
    const me = customers[0]!;
    const stockBefore = await stockOver(plentiful);
    const booking: BookingCreatePayload = await openPujaBooking(server.url, me, 2);
    const order = codOrder(me, plentiful, 2);
    const keys = { order: 'crash-order-1', booking: 'crash-booking-1' };

    const [placed, booked] = await Promise.all([
      http(server.url, 'POST', '/api/orders', {
        token: me.token,
        json: order,
        headers: { 'Idempotency-Key': keys.order },
      }),
      http(server.url, 'POST', '/api/bookings', {
        token: me.token,
        json: booking,
        headers: { 'Idempotency-Key': keys.booking },
      }),
    ]);
    await server.crash();

    expect(placed.status).toBe(201);
    expect(booked.status).toBe(201);
    server = await startApiServer({ dataDir });
    // The same token still works (the signing secret and the session live in DATA_DIR).
    const orderId = (placed.body as { id: number }).id;
    const readOrder = await http(server.url, 'GET', `/api/orders/${orderId}`, { token: me.token });
    expect(readOrder.status).toBe(200);
    expect(v.parse(OrderRead, readOrder.body)).toMatchObject({
      id: orderId,
      items: [{ productId: plentiful, quantity: 2 }],
    });
    expect(await stockOver(plentiful)).toBe(stockBefore - 2);
    const bookingId = v.parse(Booking, (booked.body as { booking: unknown }).booking).id;
    const readBooking = await http(server.url, 'GET', `/api/bookings/${bookingId}`, { token: me.token });
    expect(readBooking).toMatchObject({ status: 200, body: booked.body });
    // A client that never saw the answer and retries with its key gets the same records.
    const retried = await http(server.url, 'POST', '/api/orders', {
      token: me.token,
      json: order,
      headers: { 'Idempotency-Key': keys.order },
    });
    expect(retried).toMatchObject({ status: 201, body: { id: orderId } });
  });

  it('leaves only complete orders and a balanced stock ledger when killed in the middle of a burst of orders', async () => {
    const initial = { [plentiful]: await stockOver(plentiful), [scarce]: await stockOver(scarce) };
    const before = await openShopDb(server);
    const couponUsesBefore = await numberOf(
      before,
      sql`select times_used as n from coupons where code = 'WELCOME10'`,
    );
    const lastOrderBefore = await numberOf(before, sql`select coalesce(max(id), 0) as n from orders`);
    await before.destroy();

    // 80 orders at once (some with two lines, some with a coupon, the scarce product selling
    // out); the server is killed as soon as 15 of them have been answered 201.
    const acknowledged: { id: number; customer: HttpCustomer }[] = [];
    let killed: Promise<void> | undefined;
    const burst = Array.from({ length: 80 }, (_, i) => {
      const customer = customers[i % customers.length]!;
      const items =
        i % 3 === 0
          ? [
              { product_id: scarce, quantity: 1 },
              { product_id: plentiful, quantity: 1 },
            ]
          : [{ product_id: plentiful, quantity: 1 + (i % 2) }];
      const json: OrderCreatePayload = {
        address_id: customer.addressId,
        items,
        payment_method: 'cod',
        coupon_code: i % 5 === 0 ? 'WELCOME10' : null,
      };
      return http(server.url, 'POST', '/api/orders', { token: customer.token, json, timeoutMs: 10000 }).then(
        (res) => {
          if (res.status === 201 && !killed) {
            acknowledged.push({ id: (res.body as { id: number }).id, customer });
            if (acknowledged.length === 15) killed = server.crash();
          }
          return res.status;
        },
      );
    });
    const settled = await Promise.allSettled(burst);
    await killed;
    expect(killed, 'the server was killed mid-burst').toBeDefined();
    // Some requests never got an answer: the crash really happened in the middle of the burst.
    expect(settled.some((s) => s.status === 'rejected')).toBe(true);

    const stored = await openShopDb(server);
    try {
      if (!onPostgres) {
        const file = sql<Record<string, unknown>>;
        expect((await file`pragma integrity_check`.execute(stored)).rows).toEqual([{ integrityCheck: 'ok' }]);
        expect((await file`pragma foreign_key_check`.execute(stored)).rows).toEqual([]);
      }
      const { rows } = await sql<{ id: number }>`select id from orders where id > ${lastOrderBefore}`.execute(
        stored,
      );
      const ids = new Set(rows.map((r) => r.id));
      for (const { id } of acknowledged) expect(ids.has(id), `acknowledged order ${id}`).toBe(true);
      // Every order has its lines and its final number; no half-written order exists.
      expect(
        await numberOf(
          stored,
          sql`select count(*) as n from orders o
              where not exists (select 1 from order_items i where i.order_id = o.id)
                 or o.order_number like 'pending-%'`,
        ),
      ).toBe(0);
      // The stock ledger balances: what was there = what is left + what the burst's orders hold.
      for (const productId of [plentiful, scarce]) {
        const left = await numberOf(
          stored,
          sql`select stock_quantity as n from product where id = ${productId}`,
        );
        const sold = await numberOf(
          stored,
          sql`select coalesce(sum(quantity), 0) as n from order_items
              where product_id = ${productId} and order_id > ${lastOrderBefore}`,
        );
        expect({ productId, ledger: left + sold }).toEqual({ productId, ledger: initial[productId] });
      }
      // Each coupon use belongs to an order that carries the coupon.
      const used = await numberOf(stored, sql`select times_used as n from coupons where code = 'WELCOME10'`);
      const orders = await numberOf(
        stored,
        sql`select count(*) as n from orders where coupon_code = 'WELCOME10'`,
      );
      expect(used - couponUsesBefore).toBe(orders);
    } finally {
      await stored.destroy();
    }

    // The restarted server serves the acknowledged orders and takes new ones.
    server = await startApiServer({ dataDir });
    const { id, customer } = acknowledged[acknowledged.length - 1]!;
    expect((await http(server.url, 'GET', `/api/orders/${id}`, { token: customer.token })).status).toBe(200);
    const after = await http(server.url, 'POST', '/api/orders', {
      token: customer.token,
      json: codOrder(customer, plentiful),
    });
    expect(after.status).toBe(201);
  });
});
