/**
 * Promise 7 (the server's half), faults are survivable: a database locked by someone else
 * answers 503 {message} with Retry-After within a bounded time (the configured lock wait),
 * instead of hanging or failing with a 500; nothing is half-written, and the retry succeeds.
 */
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { sql } from 'kysely';
import { databaseBusy, isDatabaseBusy } from '../../server/db/errors.ts';
import { call, registerAndLogin, type Customer } from '../support/accounts.ts';
import { addAddress, addProduct, countOrders, send, stockOf } from '../support/orders.ts';
import { createTestShop } from '../support/test-db.ts';
import { codOrder, countStatuses, holdSqliteWriteLock } from './helpers.ts';
import { shopPerFile } from '../support/prelude.ts';

/** Short, so the tests are quick; production uses DB_LOCK_WAIT_MS (default 2000). */
const LOCK_WAIT_MS = 500;
const busyBody = { message: 'The shop is busy, please try again in a moment' };

const shop = shopPerFile(() => createTestShop({ lockWaitMs: LOCK_WAIT_MS }));
let me: Customer;
let addressId: number;
let product: number;

beforeAll(async () => {
  me = await registerAndLogin(shop.app);
  addressId = (await addAddress(shop.app, me)).id;
  product = await addProduct(shop.db, { name: 'Panchaloha Diya', offerPrice: 650, stockQuantity: 50 });
});

/**
 * Another connection (as another process would) holds what an order needs and keeps it:
 * SQLite's write lock (the whole file), or on PostgreSQL the product's row (SELECT ... FOR UPDATE).
 */
async function holdWriteLock() {
  if (shop.database.url) {
    const other = new pg.Client({ connectionString: shop.database.url });
    await other.connect();
    await other.query('begin');
    await other.query('select * from product where id = $1 for update', [product]);
    return {
      release: async () => {
        await other.query('rollback');
        await other.end();
      },
    };
  }
  return holdSqliteWriteLock(new SQLite(shop.database.sqliteFile));
}

const postOrder = (key: string) =>
  send(shop.app, 'POST', '/api/orders', {
    token: me.token,
    json: codOrder({ addressId }, product),
    headers: { 'Idempotency-Key': key },
  });

it('answers 503 with Retry-After after the lock wait (no hang, no 500); the retry succeeds on an intact database', async () => {
  const [orders, stock] = [await countOrders(shop.db), await stockOf(shop.db, product)];
  const lock = await holdWriteLock();
  try {
    const started = performance.now();
    const busy = await postOrder('busy-retry-1');
    const ms = performance.now() - started;

    expect(busy).toMatchObject({ status: 503, body: busyBody });
    expect(busy.headers.get('Retry-After')).toBe('1');
    // It waited for the lock, but not much longer.
    expect(ms).toBeGreaterThanOrEqual(LOCK_WAIT_MS - 50);
    expect(ms).toBeLessThan(LOCK_WAIT_MS + 1500);
    // Reading is not blocked by a writer (SQLite's WAL, PostgreSQL's MVCC): the catalogue still answers.
    expect((await call(shop.app, 'GET', `/products/${product}`)).status).toBe(200);
  } finally {
    await lock.release();
  }
  expect(await countOrders(shop.db)).toBe(orders);
  expect(await stockOf(shop.db, product)).toBe(stock);

  const retried = await postOrder('busy-retry-1');
  expect(retried.status).toBe(201);
  expect(await countOrders(shop.db)).toBe(orders + 1);
  expect(await stockOf(shop.db, product)).toBe(stock - 1);
  if (shop.database.kind === 'sqlite') {
    const { rows } = await sql<{ integrityCheck: string }>`pragma integrity_check`.execute(shop.db);
    expect(rows).toEqual([{ integrityCheck: 'ok' }]);
  }
});

it('answers 10 concurrent writes to a locked database within about one lock wait, not one wait each', async () => {
  const orders = await countOrders(shop.db);
  const lock = await holdWriteLock();
  let results: Awaited<ReturnType<typeof postOrder>>[];
  let ms: number;
  try {
    const started = performance.now();
    results = await Promise.all(Array.from({ length: 10 }, (_, i) => postOrder(`busy-many-${i}`)));
    ms = performance.now() - started;
  } finally {
    await lock.release();
  }

  expect(countStatuses(results.map((r) => r.status))).toEqual({ 503: 10 });
  for (const r of results) {
    expect(r.body).toEqual(busyBody);
    expect(r.headers.get('Retry-After')).toBe('1');
  }
  // Waiting in turn would take 10 × 500 ms; during a busy spell each waits only for what is left.
  expect(ms).toBeLessThan((10 * LOCK_WAIT_MS) / 2);
  expect(await countOrders(shop.db)).toBe(orders);
});

it('recognises busy and lock errors of SQLite and PostgreSQL, and nothing else', () => {
  const busy = [
    { code: 'SQLITE_BUSY' },
    { code: 'SQLITE_BUSY_SNAPSHOT' },
    { code: 'SQLITE_BUSY_TIMEOUT' },
    { code: 'SQLITE_LOCKED' },
    { code: 'SQLITE_LOCKED_SHAREDCACHE' },
    { code: '55P03' }, // lock_not_available (lock_timeout)
    { code: '57014' }, // query_canceled (statement_timeout)
    { code: '40001' }, // serialization_failure
    { code: '40P01' }, // deadlock_detected
    new Error('timeout exceeded when trying to connect'), // pg pool: no free connection
  ];
  const notBusy = [
    { code: 'SQLITE_CONSTRAINT_UNIQUE' },
    { code: 'SQLITE_BUSYNESS' },
    { code: 'SQLITE_ERROR' },
    { code: '23505' },
    { code: '42P01' },
    new Error('boom'),
    null,
    'SQLITE_BUSY',
  ];
  expect(busy.filter((e) => !isDatabaseBusy(e))).toEqual([]);
  expect(notBusy.filter((e) => isDatabaseBusy(e))).toEqual([]);
  expect(databaseBusy).toMatchObject({ status: 503, message: busyBody.message });
});
