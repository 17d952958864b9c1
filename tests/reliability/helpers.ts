import fs from 'node:fs';
import type SQLite from 'better-sqlite3';
import type { RawBuilder } from 'kysely';
import type { BookingCreatePayload } from '../../contract/booking.ts';
import { isBookingOpen } from '../../contract/policy.ts';
import type { PackageListResponse, PujaListResponse } from '../../contract/catalogue.ts';
import type { OrderCreatePayload } from '../../contract/orders.ts';
import type { PaymentIntentResponse, PaymentPurpose } from '../../contract/payments.ts';
import { HOUR_MS, SANKALP_LOCK_HOURS } from '../../contract/policy.ts';
import type { Db } from '../../server/db/client.ts';
import { http, startApiServer, type ApiServer, type HttpCustomer } from '../support/api-server.ts';
import { person } from '../support/bookings.ts';
import { GOOD_UPI, draftOf } from '../support/payments.ts';

/**
 * A second, direct handle on a running (or crashed) server's database, SQLite or PostgreSQL,
 * as another process would have: for setting up stock and for checking what is really stored.
 */
export function openShopDb(server: Pick<ApiServer, 'database'>): Promise<Db> {
  return server.database.open({ lockWaitMs: 10_000 });
}

/** The one whole number a query answers (`select count(*) as n ...`), on either database. */
export async function numberOf(db: Db, query: RawBuilder<{ n: number | string | bigint }>): Promise<number> {
  const { rows } = await query.execute(db);
  if (rows.length !== 1) throw new Error(`Expected one row, got ${rows.length}`);
  return Number(rows[0]!.n);
}

/** A cash-on-delivery order of `quantity` of one product to the customer's address. */
export const codOrder = (
  customer: Pick<HttpCustomer, 'addressId'>,
  productId: number,
  quantity = 1,
  extra: Partial<OrderCreatePayload> = {},
): OrderCreatePayload => ({
  address_id: customer.addressId,
  items: [{ product_id: productId, quantity }],
  payment_method: 'cod',
  ...extra,
});

/** A status histogram, e.g. { 201: 1, 409: 49 }, for readable failures. */
export function countStatuses(statuses: readonly number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}

/**
 * Pays for an order or booking body through a running server's payment API (intent, then a UPI
 * capture the simulated provider accepts); the captured payment's id.
 */
export async function payOverHttp(
  base: string,
  customer: Pick<HttpCustomer, 'token'>,
  purpose: PaymentPurpose,
  body: object,
): Promise<string> {
  const intent = await http(base, 'POST', '/api/payments', {
    token: customer.token,
    json: { purpose, [purpose]: draftOf(body) },
  });
  if (intent.status !== 201)
    throw new Error(`payment intent: ${intent.status} ${JSON.stringify(intent.body)}`);
  const { id } = (intent.body as PaymentIntentResponse).payment;
  const captured = await http(base, 'POST', `/api/payments/${id}/capture`, {
    token: customer.token,
    json: GOOD_UPI,
  });
  if (captured.status !== 200)
    throw new Error(`capture: ${captured.status} ${JSON.stringify(captured.body)}`);
  return id;
}

/**
 * A booking request for the first seeded puja open for booking beyond its sankalp lock, for `noPersons` persons,
 * paid for through the server's payment API.
 */
export async function openPujaBooking(
  base: string,
  customer: Pick<HttpCustomer, 'addressId' | 'token'>,
  noPersons = 1,
): Promise<BookingCreatePayload> {
  const { body: pujas } = await http(base, 'GET', '/pujas');
  // One whose sankalp lock is well ahead, so the booking stays as it was made while a test looks.
  const lockAhead = new Date(Date.now() + (SANKALP_LOCK_HOURS + 1) * HOUR_MS);
  const puja = (pujas as PujaListResponse).pujas.find((p) => isBookingOpen(p.pujaDate, lockAhead));
  if (!puja) throw new Error('No seeded puja is open for booking');
  const { body: packages } = await http(base, 'GET', `/packages/${puja.id}`);
  const pkg = (packages as PackageListResponse).packages.find((p) => p.noPersons === noPersons);
  if (!pkg) throw new Error(`Puja ${puja.id} has no ${noPersons}-person package`);
  const draft = {
    pujaId: puja.id,
    packageId: pkg.id,
    persons: Array.from({ length: noPersons }, (_, i) => person({ name: `Person ${i + 1}` })),
    addressId: customer.addressId,
  };
  return {
    ...draft,
    paymentMethod: 'online',
    paymentId: await payOverHttp(base, customer, 'booking', draft),
  };
}

/** Two API server processes over one database: the second is started on the first's DATA_DIR. */
export async function twoProcesses(): Promise<[ApiServer, ApiServer]> {
  const first = await startApiServer();
  return [first, await startApiServer({ dataDir: first.dataDir })];
}

/** Stops the processes of twoProcesses that are still running, and removes their DATA_DIR. */
export async function stopBoth(first: ApiServer | undefined, second: ApiServer | undefined) {
  await second?.stop();
  await first?.stop();
  if (first) fs.rmSync(first.dataDir, { recursive: true, force: true });
}

/**
 * Sends the same POST 10 times at once, alternating between the two processes, the i-th with the
 * Idempotency-Key `keyOf(i)`: the answers in the order sent.
 */
export function tenAtOnce(
  [first, second]: [ApiServer, ApiServer],
  customer: Pick<HttpCustomer, 'token'>,
  pathname: string,
  json: unknown,
  keyOf: (i: number) => string,
) {
  return Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      http([first, second][i % 2]!.url, 'POST', pathname, {
        token: customer.token,
        json,
        headers: { 'Idempotency-Key': keyOf(i) },
      }),
    ),
  );
}

/**
 * Holds SQLite's write lock on the whole file (BEGIN IMMEDIATE) through a connection of its own,
 * as another process writing would, until `release`.
 */
export function holdSqliteWriteLock(file: SQLite.Database) {
  file.exec('begin immediate');
  return {
    release: () => {
      file.exec('rollback');
      file.close();
      return Promise.resolve();
    },
  };
}
