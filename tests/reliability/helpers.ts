import path from 'node:path';
import SQLite from 'better-sqlite3';
import { isBookingOpen, type BookingCreatePayload } from '../../contract/booking.ts';
import type { PackageListResponse, PujaListResponse } from '../../contract/catalogue.ts';
import type { OrderCreatePayload } from '../../contract/orders.ts';
import { http, type HttpCustomer } from '../support/api-server.ts';
import { person } from '../support/bookings.ts';

/**
 * A second, direct connection to a running (or crashed) server's SQLite file, as another
 * process would have: for setting up stock and for checking what is really on disk.
 */
export function openShopFile(dataDir: string): SQLite.Database {
  const file = new SQLite(path.join(dataDir, 'shop.sqlite'));
  file.pragma('busy_timeout = 10000');
  return file;
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

/** A booking request for the first seeded puja still open for booking, for `noPersons` persons. */
export async function openPujaBooking(
  base: string,
  customer: Pick<HttpCustomer, 'addressId'>,
  noPersons = 1,
): Promise<BookingCreatePayload> {
  const { body: pujas } = await http(base, 'GET', '/pujas');
  const puja = (pujas as PujaListResponse).pujas.find((p) => isBookingOpen(p.pujaDate, new Date()));
  if (!puja) throw new Error('No seeded puja is open for booking');
  const { body: packages } = await http(base, 'GET', `/packages/${puja.id}`);
  const pkg = (packages as PackageListResponse).packages.find((p) => p.noPersons === noPersons);
  if (!pkg) throw new Error(`Puja ${puja.id} has no ${noPersons}-person package`);
  return {
    pujaId: puja.id,
    packageId: pkg.id,
    persons: Array.from({ length: noPersons }, (_, i) => person({ name: `Person ${i + 1}` })),
    addressId: customer.addressId,
    paymentMethod: 'online',
    paymentId: 'pay_sim_reliability',
  };
}
