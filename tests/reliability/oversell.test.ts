/**
 * Promise 3, no oversell: stock is checked and decremented in one atomic step (a conditional
 * UPDATE inside a transaction that takes the write lock up front), and a coupon with a usage
 * limit is never used more often than allowed, under concurrency too: in process, over a real
 * socket, and across two server processes sharing one database.
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import { OrderRead } from '../../contract/orders.ts';
import * as v from 'valibot';
import { registerAndLogin } from '../support/accounts.ts';
import { http, newCustomer, startApiServer } from '../support/api-server.ts';
import type { ApiServer, HttpCustomer } from '../support/api-server.ts';
import { addAddress, addProduct, countOrders, send, stockOf } from '../support/orders.ts';
import { createTestShop } from '../support/test-db.ts';
import type { Db } from '../../server/db/client.ts';
import { codOrder, countStatuses, numberOf, openShopDb } from './helpers.ts';
import { shopPerFile } from '../support/prelude.ts';

describe('in process (app.request)', () => {
  const shop = shopPerFile(createTestShop);

  it('sells the last item to exactly 1 of 50 concurrent checkouts; 49 get a clean 409 and stock ends at 0', async () => {
    const product = await addProduct(shop.db, {
      name: 'Last Brass Lamp',
      offerPrice: 1200,
      stockQuantity: 1,
    });
    const buyers = await Promise.all(Array.from({ length: 5 }, () => registerAndLogin(shop.app)));
    const addresses = await Promise.all(buyers.map((b) => addAddress(shop.app, b)));

    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        send(shop.app, 'POST', '/api/orders', {
          token: buyers[i % 5]!.token,
          json: codOrder({ addressId: addresses[i % 5]!.id }, product),
        }),
      ),
    );

    expect(countStatuses(results.map((r) => r.status))).toEqual({ 201: 1, 409: 49 });
    for (const refused of results.filter((r) => r.status === 409))
      expect(refused.body).toEqual({ message: 'Last Brass Lamp is out of stock', code: 'out_of_stock' });
    expect(await stockOf(shop.db, product)).toBe(0);
    expect(await countOrders(shop.db, product)).toBe(1);
  });
});

describe('over real sockets (spawned server processes)', () => {
  let first: ApiServer;
  let second: ApiServer | undefined;
  let stored: Db;
  let buyers: HttpCustomer[];

  beforeAll(async () => {
    first = await startApiServer();
    buyers = await Promise.all(Array.from({ length: 5 }, (_, i) => newCustomer(first.url, `Buyer ${i + 1}`)));
    stored = await openShopDb(first);
  });
  afterAll(async () => {
    await stored?.destroy();
    await second?.stop();
    await first?.stop();
    fs.rmSync(first.dataDir, { recursive: true, force: true });
  });

  /** A seeded product that is not yet used by another test, with its stock set to `stock`. */
  const usedProducts = new Set<number>();
  async function productWithStock(stock: number): Promise<{ id: number; name: string }> {
    const { rows } = await sql<{
      id: number;
      name: string;
    }>`select id, name from product where stock_quantity > 0 order by id`.execute(stored);
    const product = rows.find((row) => !usedProducts.has(row.id));
    if (!product) throw new Error('No seeded product left');
    usedProducts.add(product.id);
    await sql`update product set stock_quantity = ${stock} where id = ${product.id}`.execute(stored);
    return product;
  }
  const storedStock = (id: number) =>
    numberOf(stored, sql`select stock_quantity as n from product where id = ${id}`);
  const storedOrders = (productId: number) =>
    numberOf(
      stored,
      sql`select count(distinct order_id) as n from order_items where product_id = ${productId}`,
    );

  /** 50 (or `count`) parallel checkouts over HTTP, spread over the buyers and the given servers. */
  const checkouts = (servers: ApiServer[], productId: number, count: number, extra = {}) =>
    Promise.all(
      Array.from({ length: count }, (_, i) => {
        const buyer = buyers[i % buyers.length]!;
        return http(servers[i % servers.length]!.url, 'POST', '/api/orders', {
          token: buyer.token,
          json: codOrder(buyer, productId, 1, extra),
        });
      }),
    );

  it('sells the last item to exactly 1 of 50 parallel fetches to one server; 49 get a clean 409', async () => {
    const last = await productWithStock(1);
    const results = await checkouts([first], last.id, 50);
    expect(countStatuses(results.map((r) => r.status))).toEqual({ 201: 1, 409: 49 });
    for (const refused of results.filter((r) => r.status === 409))
      expect(refused.body).toEqual({ message: `${last.name} is out of stock`, code: 'out_of_stock' });
    expect(await storedStock(last.id)).toBe(0);
    expect(await storedOrders(last.id)).toBe(1);
    const { body } = await http(first.url, 'GET', `/products/${last.id}`);
    expect(body).toMatchObject({ product: [{ id: last.id, stockQuantity: 0 }] });
  });

  it('sells the last item once when two server processes share the database (50 parallel fetches)', async () => {
    second ??= await startApiServer({ dataDir: first.dataDir });
    const last = await productWithStock(1);
    const results = await checkouts([first, second], last.id, 50);
    expect(countStatuses(results.map((r) => r.status))).toEqual({ 201: 1, 409: 49 });
    for (const refused of results.filter((r) => r.status === 409))
      expect(refused.body).toEqual({ message: `${last.name} is out of stock`, code: 'out_of_stock' });
    expect(await storedStock(last.id)).toBe(0);
    expect(await storedOrders(last.id)).toBe(1);
  });

  it('lets the single-use coupon ONCE100 be used by exactly 1 of 20 parallel orders, across two processes', async () => {
    second ??= await startApiServer({ dataDir: first.dataDir });
    const plenty = await productWithStock(100);
    const couponUses = () =>
      numberOf(stored, sql`select times_used as n from coupons where code = 'ONCE100'`);
    expect(await couponUses()).toBe(0);

    const results = await checkouts([first, second], plenty.id, 20, { coupon_code: 'ONCE100' });

    expect(countStatuses(results.map((r) => r.status))).toEqual({ 201: 1, 400: 19 });
    for (const refused of results.filter((r) => r.status === 400))
      expect(refused.body).toEqual({
        message: 'This coupon is no longer available',
        code: 'coupon_exhausted',
      });
    const placed = results.find((r) => r.status === 201)!;
    const buyer = buyers[results.indexOf(placed) % buyers.length]!;
    const order = await http(first.url, 'GET', `/api/orders/${(placed.body as { id: number }).id}`, {
      token: buyer.token,
    });
    expect(v.parse(OrderRead, order.body)).toMatchObject({ couponCode: 'ONCE100', discount: 100 });
    expect(await couponUses()).toBe(1);
    expect(await numberOf(stored, sql`select count(*) as n from orders where coupon_code = 'ONCE100'`)).toBe(
      1,
    );
    // The 19 refused orders took no stock either.
    expect(await storedStock(plenty.id)).toBe(99);
  });
});
