/**
 * Promises 2, 3 and 7 on the scale-out option: two API processes behind one PostgreSQL.
 * Opt-in: set TEST_DATABASE_URL to a database these tests may WIPE (its public schema is
 * dropped), e.g. `TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/shop_test`.
 * Skipped otherwise (CI runs SQLite only).
 */
import pg from 'pg';
import {
  http,
  newCustomer,
  startApiServer,
  type ApiServer,
  type HttpCustomer,
} from '../support/api-server.ts';
import { codOrder, countStatuses, payOverHttp } from '../reliability/helpers.ts';

const url = process.env.TEST_DATABASE_URL;
const LOCK_WAIT_MS = 700;

if (!url)
  throw new Error(
    'Set TEST_DATABASE_URL to a PostgreSQL database these tests may wipe (see npm run test:postgres).',
  );

describe('on PostgreSQL, two API processes', () => {
  let client: pg.Client;
  const servers: ApiServer[] = [];
  let buyers: HttpCustomer[];

  beforeAll(async () => {
    client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('drop schema public cascade; create schema public');
    // Each process has its own DATA_DIR: the secrets they must share come from the environment.
    const env = {
      DATABASE_URL: url,
      DB_LOCK_WAIT_MS: String(LOCK_WAIT_MS),
      AUTH_SECRET: 'x'.repeat(48),
      PAYMENT_SECRET: 'y'.repeat(48),
    };
    servers.push(await startApiServer({ env }));
    servers.push(await startApiServer({ env }));
    buyers = [];
    for (let i = 0; i < 4; i++) buyers.push(await newCustomer(servers[0]!.url, `Buyer ${i + 1}`));
  }, 60000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await client?.end();
  });

  const stock = async (id: number) =>
    (await client.query<{ n: number }>('select stock_quantity as n from product where id = $1', [id]))
      .rows[0]!.n;
  const parallel = (count: number, body: (buyer: HttpCustomer) => unknown, headers = {}, sameBuyer = false) =>
    Promise.all(
      Array.from({ length: count }, (_, i) => {
        const buyer = buyers[sameBuyer ? 0 : i % buyers.length]!;
        return http(servers[i % 2]!.url, 'POST', '/api/orders', {
          token: buyer.token,
          json: body(buyer),
          headers,
        });
      }),
    );

  it('sells the last item to exactly 1 of 50 parallel checkouts', async () => {
    await client.query('update product set stock_quantity = 1 where id = 2');
    const results = await parallel(50, (b) => codOrder(b, 2));
    expect(countStatuses(results.map((r) => r.status))).toEqual({ 201: 1, 409: 49 });
    expect(await stock(2)).toBe(0);
  });

  it('lets ONCE100 be used by exactly 1 of 20 parallel orders', async () => {
    const results = await parallel(20, (b) => codOrder(b, 1, 1, { coupon_code: 'ONCE100' }));
    expect(countStatuses(results.map((r) => r.status))).toEqual({ 201: 1, 400: 19 });
    const { rows } = await client.query("select times_used from coupons where code = 'ONCE100'");
    expect(rows).toEqual([{ times_used: 1 }]);
  });

  it('gives one order to 10 parallel requests with one Idempotency-Key', async () => {
    const results = await parallel(10, (b) => codOrder(b, 1), { 'Idempotency-Key': 'pg-one-key' }, true);
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(results.map((r) => JSON.stringify(r.body))).size).toBe(1);
    const { rows } = await client.query(
      "select count(*)::int as n from orders where idempotency_key = 'pg-one-key'",
    );
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('counts sign-in guesses and coupon guesses sent to both processes once (the abuse limits)', async () => {
    const target = await newCustomer(servers[0]!.url, 'Target');
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        http(servers[i % 2]!.url, 'POST', '/api/auth/login', {
          json: { email: target.email, password: 'a-guess' },
        }),
      ),
    );
    expect(countStatuses(guesses.map((r) => r.status))).toEqual({ 401: 5, 429: 15 });
    const refused = guesses.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get('Retry-After'))).toBe(15 * 60);

    const codes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        http(servers[i % 2]!.url, 'POST', '/api/coupons/validate', {
          token: target.token,
          json: { code: `NOPE${i}`, subtotal: 1000 },
        }),
      ),
    );
    expect(countStatuses(codes.map((r) => r.status))).toEqual({ 400: 10, 429: 20 });
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from abuse_counters where key like 'sign-in:%'",
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
  });

  it('turns one payment into exactly one order across the two processes (captured on one, verified on the other)', async () => {
    const buyer = buyers[0]!;
    const body = codOrder(buyer, 1, 1, { payment_method: 'online' });
    const paymentId = await payOverHttp(servers[0]!.url, buyer, 'order', body);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        http(servers[i % 2]!.url, 'POST', '/api/orders', {
          token: buyer.token,
          json: { ...body, payment_id: paymentId },
        }),
      ),
    );
    expect(countStatuses(results.map((r) => r.status))).toEqual({ 201: 1, 409: 9 });
    const { rows } = await client.query('select status from payments where id = $1', [paymentId]);
    expect(rows).toEqual([{ status: 'used' }]);
  });

  it('answers 503 with Retry-After while a row is locked past the lock wait, then takes the retry', async () => {
    const before = await stock(1);
    await client.query('begin');
    await client.query('select * from product where id = 1 for update');
    try {
      const busy = await http(servers[0]!.url, 'POST', '/api/orders', {
        token: buyers[0]!.token,
        json: codOrder(buyers[0]!, 1),
        headers: { 'Idempotency-Key': 'pg-busy' },
      });
      expect(busy).toMatchObject({
        status: 503,
        body: { message: 'The shop is busy, please try again in a moment' },
      });
      expect(busy.headers.get('Retry-After')).toBe('1');
      expect(busy.ms).toBeLessThan(LOCK_WAIT_MS + 1500);
    } finally {
      await client.query('rollback');
    }
    const retried = await http(servers[1]!.url, 'POST', '/api/orders', {
      token: buyers[0]!.token,
      json: codOrder(buyers[0]!, 1),
      headers: { 'Idempotency-Key': 'pg-busy' },
    });
    expect(retried.status).toBe(201);
    expect(await stock(1)).toBe(before - 1);
  });
});
