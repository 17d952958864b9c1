/**
 * One payment pays for one record, even when two server processes sharing one database race it
 * (docs/decisions/0012-payments-through-a-server-gateway.md): the payment's "used" mark is a
 * conditional UPDATE in the record's own transaction, so exactly one order (or booking) wins and
 * every other request is refused as payment_used with nothing written. The sweep that settles
 * stale payments runs in every process; its moves are the same conditional UPDATEs, so a
 * payment is refunded once however many processes sweep at the same moment.
 */
import type { ProductListResponse } from '../../contract/catalogue.ts';
import { paymentMessages } from '../../contract/payments.ts';
import type { Db } from '../../server/db/client.ts';
import { http, newCustomer } from '../support/api-server.ts';
import type { ApiServer, HttpCustomer } from '../support/api-server.ts';
import { sql } from 'kysely';
import { isDatabaseBusy } from '../../server/db/errors.ts';
import { createSimulatedGateway } from '../../server/payments/simulated-gateway.ts';
import { expireStalePayments } from '../../server/services/payments.ts';
import { registerAndLogin } from '../support/accounts.ts';
import { addAddress } from '../support/orders.ts';
import { payFor, paymentStatus } from '../support/payments.ts';
import { createTestShop, type TestShop } from '../support/test-db.ts';
import {
  codOrder,
  countStatuses,
  numberOf,
  openPujaBooking,
  openShopDb,
  payOverHttp,
  stopBoth,
  tenAtOnce,
  twoProcesses,
} from './helpers.ts';

const paymentStatusOf = async (db: Db, id: string) =>
  (await sql<{ status: string }>`select status from payments where id = ${id}`.execute(db)).rows[0]?.status;

describe('two server processes racing one payment', () => {
  let first: ApiServer;
  let second: ApiServer;
  let me: HttpCustomer;
  let productId: number;

  beforeAll(async () => {
    [first, second] = await twoProcesses();
    me = await newCustomer(first.url);
    const { body } = await http(first.url, 'GET', '/products');
    const product = (body as ProductListResponse).products.find((p) => p.stockQuantity >= 20);
    if (!product) throw new Error('No seeded product with 20 in stock');
    productId = product.id;
  });
  afterAll(() => stopBoth(first, second));

  /** Sends `json` 10 times at once, alternating between the processes, each with its own key. */
  const race = (pathname: string, json: unknown, label: string) =>
    tenAtOnce([first, second], me, pathname, json, (i) => `${label}-${i}`);

  it('turns one payment into exactly one order; the others are refused as used and change nothing', async () => {
    const body = codOrder(me, productId, 1, { payment_method: 'online' });
    const paymentId = await payOverHttp(first.url, me, 'order', body);
    const stored = await openShopDb(first);
    try {
      const stock = () =>
        numberOf(stored, sql`select stock_quantity as n from product where id = ${productId}`);
      const stockBefore = await stock();

      const results = await race('/api/orders', { ...body, payment_id: paymentId }, 'race-order');

      expect(countStatuses(results.map((r) => r.status))).toEqual({ 201: 1, 409: 9 });
      for (const refused of results.filter((r) => r.status === 409))
        expect(refused.body).toEqual({ message: paymentMessages.used, code: 'payment_used' });
      expect(
        await numberOf(stored, sql`select count(*) as n from orders where payment_id = ${paymentId}`),
      ).toBe(1);
      expect(await numberOf(stored, sql`select count(*) as n from orders`)).toBe(1);
      expect(await stock()).toBe(stockBefore - 1);
      expect(await paymentStatusOf(stored, paymentId)).toBe('used');
      expect(
        await numberOf(
          stored,
          sql`select count(*) as n from payment_history where payment_id = ${paymentId} and to_status = 'used'`,
        ),
      ).toBe(1);
    } finally {
      await stored.destroy();
    }
  });

  it('turns one payment into exactly one booking', async () => {
    const booking = await openPujaBooking(first.url, me);
    const results = await race('/api/bookings', booking, 'race-booking');
    expect(countStatuses(results.map((r) => r.status))).toEqual({ 201: 1, 409: 9 });
    const stored = await openShopDb(first);
    try {
      expect(
        await numberOf(
          stored,
          sql`select count(*) as n from bookings where payment_id = ${booking.paymentId}`,
        ),
      ).toBe(1);
      expect(await paymentStatusOf(stored, booking.paymentId)).toBe('used');
    } finally {
      await stored.destroy();
    }
  });
});

describe('the payment sweep, run by every process at once', () => {
  let shop: TestShop;
  afterAll(() => shop?.close());

  it('refunds each stale captured payment once, whichever process gets there first', async () => {
    shop = await createTestShop();
    const me = await registerAndLogin(shop.app);
    const address = await addAddress(shop.app, me);
    const body = {
      address_id: address.id,
      items: [{ product_id: 1, quantity: 1 }],
      payment_method: 'online',
    };
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await payFor(shop.app, me.token, 'order', body));

    // Two "processes": two handles on the database, each with the provider's refunds counted.
    let refunds = 0;
    const provider = createSimulatedGateway({ secret: 'sweep-race-secret-that-is-long-enough!' });
    const counting = {
      ...provider,
      refund: async (input: Parameters<typeof provider.refund>[0]) => {
        refunds++;
        // A provider call takes a moment, as a real one does: the other sweep runs meanwhile.
        await new Promise((r) => setTimeout(r, 20));
        return provider.refund(input);
      },
    };
    const handles = [
      await shop.database.open({ lockWaitMs: 300 }),
      await shop.database.open({ lockWaitMs: 300 }),
    ];
    const later = new Date(Date.now() + 24 * 60 * 60_000);
    try {
      const sweeps = await Promise.allSettled(handles.map((db) => expireStalePayments(db, counting, later)));
      // A sweep may be told "busy" by the other one's lock (then the next interval retries); none fails otherwise.
      for (const sweep of sweeps)
        if (sweep.status === 'rejected') expect(isDatabaseBusy(sweep.reason)).toBe(true);
      expect(sweeps.some((s) => s.status === 'fulfilled')).toBe(true);
    } finally {
      await Promise.all(handles.map((db) => db.destroy()));
    }
    expect(refunds).toBe(ids.length);
    for (const id of ids) {
      expect(await paymentStatus(shop.db, id)).toBe('refunded');
      expect(
        await numberOf(
          shop.db,
          sql`select count(*) as n from payment_history where payment_id = ${id} and to_status = 'refunded'`,
        ),
      ).toBe(1);
    }
  });
});
