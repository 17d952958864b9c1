/**
 * What the waitlist's and the date change's journeys set up through the API before the visitor
 * sees them (docs/product-rules.md, Waitlist; Rescheduling): staff repeat the series puja on two
 * dates of the journey's own, the first with one place, which another devotee books; the waiting
 * devotee has an address saved on an earlier visit. Then a place frees (that booking cancelled,
 * the line moved on at once) and, for a lapse, the offer's deadline passes.
 */
import type { AdminPujaResponse } from '../../contract/admin/pujas.ts';
import { AddressResponse } from '../../contract/address.ts';
import {
  PackageListResponse,
  PujaListResponse,
  type Puja,
  type PujaPackage,
} from '../../contract/catalogue.ts';
import { WaitlistEntryResponse, WaitlistListResponse, type WaitlistEntry } from '../../contract/waitlist.ts';
import { apiClient, bookPaidOnline } from '../e2e/api-client.ts';
import { addressInput } from '../support/addresses.ts';
import { bornInThanjavur } from '../support/bookings.ts';
import { api, registerCustomer, tokenOf, type Customer } from './journey.data.ts';
import type { JourneyContext } from './journey.page.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A full date of the journey's own, its later date, and who holds its one place. */
export interface FullDate {
  puja: Puja & { pujaDate: string };
  pkg: PujaPackage;
  /** Another date of the same puja (the series), with places: where the booking moves to. */
  later: Puja & { pujaDate: string };
  /** The devotee whose paid booking fills the date. */
  holder: { token: string; bookingId: number };
  /** The devotee's address, saved on an earlier visit. */
  street: string;
}

let dates = 0;

/** Staff repeat the series puja on a date of the journey's own, with `capacity` places. */
async function repeatOn(ctx: JourneyContext, staffToken: string, at: number, capacity: number | null) {
  const { puja } = await api<AdminPujaResponse>(
    ctx.baseUrl,
    `/api/admin/pujas/${ctx.data.seriesPuja.id}/repeat`,
    null,
    { method: 'POST', token: staffToken, json: { pujaDate: new Date(at).toISOString() } },
  );
  await api(ctx.baseUrl, `/api/admin/pujas/${puja.id}`, null, {
    method: 'PUT',
    token: staffToken,
    json: { ...puja, capacity },
  });
  const {
    pujas: [read],
  } = await api(ctx.baseUrl, `/pujas/${puja.id}`, PujaListResponse);
  if (!read?.pujaDate) throw new Error(`The repeated puja ${puja.id} has no date`);
  return read as Puja & { pujaDate: string };
}

async function savedAddress(baseUrl: string, token: string, recipientName: string) {
  const { address } = await api(baseUrl, '/api/addresses', AddressResponse, {
    method: 'POST',
    token,
    json: addressInput({ recipientName }),
  });
  return address;
}

/**
 * A full date for this journey: two dates of the series puja, each journey's hours apart from
 * any other's (so the date change's radio names only this one), the first with one place booked
 * and paid by another devotee. The journey's customer has an address saved.
 */
export async function setUpFullDate(ctx: JourneyContext): Promise<FullDate> {
  dates += 1;
  const at = Date.now() + 150 * DAY_MS + dates * 3 * HOUR_MS;
  const staffToken = await tokenOf(ctx.baseUrl, { name: 'Journey Staff', ...ctx.staff });
  const puja = await repeatOn(ctx, staffToken, at, 1);
  const later = await repeatOn(ctx, staffToken, at + 10 * DAY_MS, null);
  const { packages } = await api(ctx.baseUrl, `/packages/${puja.id}`, PackageListResponse);
  const pkg = packages.find((p) => p.noPersons === 1);
  if (!pkg) throw new Error(`The repeated puja ${puja.id} has no one-person package`);

  const holder = await registerCustomer(ctx.baseUrl);
  const holderToken = await tokenOf(ctx.baseUrl, holder);
  const holderAddress = await savedAddress(ctx.baseUrl, holderToken, holder.name);
  const booking = await bookPaidOnline(
    apiClient(() => ctx.baseUrl),
    holderToken,
    {
      pujaId: puja.id,
      packageId: pkg.id,
      persons: [bornInThanjavur('Ravi Kumar')],
      addressId: holderAddress.id,
    },
  );
  const mine = await savedAddress(ctx.baseUrl, await tokenOf(ctx.baseUrl, ctx.customer), 'Asha Rao');
  return { puja, pkg, later, holder: { token: holderToken, bookingId: booking.id }, street: mine.street };
}

/** The journey's customer's own entry in its full date's line, as they read it. */
export async function ownEntry(ctx: JourneyContext): Promise<WaitlistEntry> {
  const token = await tokenOf(ctx.baseUrl, ctx.customer);
  const { entries } = await api(ctx.baseUrl, '/api/waitlist', WaitlistListResponse, { token });
  ctx.expect(entries).toHaveLength(1);
  return entries[0]!;
}

/** Another devotee joins the same date's line, behind the journey's customer. */
export async function joinBehind(
  ctx: JourneyContext,
  fullDate: FullDate,
): Promise<Customer & { entryId: number }> {
  const devotee = await registerCustomer(ctx.baseUrl);
  const token = await tokenOf(ctx.baseUrl, devotee);
  const address = await savedAddress(ctx.baseUrl, token, devotee.name);
  const { entry } = await api(ctx.baseUrl, '/api/waitlist', WaitlistEntryResponse, {
    method: 'POST',
    token,
    json: {
      pujaId: fullDate.puja.id,
      packageId: fullDate.pkg.id,
      persons: [bornInThanjavur('Lalitha Rao')],
      addressId: address.id,
    },
  });
  ctx.expect(entry).toMatchObject({ status: 'waiting', position: 2 });
  return { ...devotee, entryId: entry.id };
}

/** An entry as its devotee reads it (reading an offer past its deadline lapses it first). */
export async function entryOf(ctx: JourneyContext, customer: Customer, entryId: number) {
  const token = await tokenOf(ctx.baseUrl, customer);
  return (await api(ctx.baseUrl, `/api/waitlist/${entryId}`, WaitlistEntryResponse, { token })).entry;
}
