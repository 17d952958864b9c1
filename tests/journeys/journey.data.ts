import * as v from 'valibot';
import { LoginResponse } from '../../contract/auth.ts';
import { PackageListResponse, ProductListResponse, PujaListResponse } from '../../contract/catalogue.ts';
import type { Product, Puja, PujaPackage } from '../../contract/catalogue.ts';
import type { PujaOffering } from '../../contract/puja-offering.ts';
import { orderTotal, shippingFor } from '../../contract/orders.ts';
import { HOUR_MS, SANKALP_LOCK_HOURS } from '../../contract/policy.ts';
import { coupons } from '../../server/db/seed/coupons.ts';
import { couponDiscount } from '../../server/services/pricing.ts';

const DAY_MS = 24 * HOUR_MS;

/** Enough stock that every journey of a run (one unit each) leaves the product in stock. */
const PLENTY_OF_STOCK = 100;

/** What the journeys shop for, read from the running app's API over its fresh database. */
export interface JourneyData {
  /** The soonest puja still open an hour after the run starts (bookings close at its sankalp lock). */
  openPuja: Puja & { pujaDate: string };
  /** Its package for one person (one person form to fill). */
  pkg: PujaPackage;
  /** The family's puja: open a day or more (the run never sees it lock), with a 4-person package. */
  familyPuja: Puja & { pujaDate: string };
  /** Its package for four persons. */
  familyPkg: PujaPackage;
  /** The offering the family adds with the stepper (a lamp, several of which fit the maximum). */
  lamp: PujaOffering;
  /** A puja whose date has passed: Booking Closed. */
  closedPuja: Puja;
  /**
   * A puja no other journey opens by name, with a one-person package: the waitlist's journeys
   * (journey.waitlist.ts) have staff repeat it on dates of their own, so its name is then listed
   * more than once.
   */
  seriesPuja: Puja;
  /** A product with plenty of stock whose price alone reaches the valid coupon's minimum. */
  product: Product;
  validCoupon: string;
  invalidCoupon: string;
  /** The cart's money with one unit of `product`, without and with the valid coupon. */
  money: { subtotal: number; shipping: number; discount: number; total: number; totalWithCoupon: number };
}

export interface Customer {
  name: string;
  email: string;
  password: string;
}

export async function api<T>(
  baseUrl: string,
  path: string,
  schema: v.GenericSchema<unknown, T> | null,
  init: { method?: string; json?: unknown; token?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  const body: unknown = await response.json();
  return schema ? v.parse(schema, body) : (body as T);
}

let customerCount = 0;

/** A fresh customer per journey, registered through the API; the journey signs in through the UI. */
export async function registerCustomer(baseUrl: string): Promise<Customer> {
  customerCount += 1;
  const stamp = `${Date.now().toString(36)}.${customerCount}`;
  const customer = {
    name: `Meera Krishnan ${customerCount}`,
    email: `journey.${stamp}@example.in`,
    password: 'tulsi-mala-108',
  };
  await api(baseUrl, '/api/auth/register', null, { method: 'POST', json: customer });
  return customer;
}

/** Signs a customer in through the API (used only to read back what a journey created). */
export async function tokenOf(baseUrl: string, customer: Customer): Promise<string> {
  const { token } = await api(baseUrl, '/api/auth/login', LoginResponse, {
    method: 'POST',
    json: { email: customer.email, password: customer.password },
  });
  return token;
}

export async function loadJourneyData(baseUrl: string, now = Date.now()): Promise<JourneyData> {
  const { pujas } = await api(baseUrl, '/pujas', PujaListResponse);
  const closedPuja = pujas.find((p) => !p.pujaDate || Date.parse(p.pujaDate) <= now);
  if (!closedPuja) throw new Error('The demo catalogue has no closed puja');

  // The soonest puja whose bookings stay open an hour from now (the run never sees it close:
  // bookings close at the sankalp lock). A journey that needs the booking locked and due moves
  // its own booking's date nearer (journey.steps.ts, time.pujaDue).
  const open = pujas
    .filter(
      (p): p is Puja & { pujaDate: string } =>
        !!p.pujaDate && Date.parse(p.pujaDate) >= now + (SANKALP_LOCK_HOURS + 1) * HOUR_MS,
    )
    .sort((a, b) => Date.parse(a.pujaDate) - Date.parse(b.pujaDate));
  let choice: { openPuja: Puja & { pujaDate: string }; pkg: PujaPackage } | undefined;
  for (const puja of open) {
    const { packages } = await api(baseUrl, `/packages/${puja.id}`, PackageListResponse);
    const pkg = packages.find((p) => p.noPersons === 1);
    if (pkg) {
      choice = { openPuja: puja, pkg };
      break;
    }
  }
  if (!choice)
    throw new Error('The demo catalogue has no puja open an hour from now with a one-person package');

  const family = await familyChoice(baseUrl, pujas, now);
  const seriesPuja = await seriesChoice(baseUrl, pujas, [closedPuja, choice.openPuja, family.familyPuja]);

  const welcome = coupons.find((c) => c.code === 'WELCOME10');
  if (!welcome) throw new Error('The seeded coupons no longer include WELCOME10');
  const minSubtotal = welcome.minSubtotal ?? 0;
  const rule = { kind: welcome.kind, value: welcome.value, maxDiscount: welcome.maxDiscount ?? null };
  const { products } = await api(baseUrl, '/products', ProductListResponse);
  const product = products
    .filter((p) => p.stockQuantity >= PLENTY_OF_STOCK && p.offerPrice >= minSubtotal)
    .sort((a, b) => a.offerPrice - b.offerPrice)[0];
  if (!product) throw new Error(`No product with ${PLENTY_OF_STOCK}+ in stock reaches ₹${minSubtotal}`);

  const subtotal = product.offerPrice;
  const shipping = shippingFor(subtotal);
  const discount = couponDiscount(rule, subtotal);
  return {
    ...choice,
    ...family,
    closedPuja,
    seriesPuja,
    product,
    validCoupon: welcome.code,
    invalidCoupon: 'NOSUCHCODE',
    money: {
      subtotal,
      shipping,
      discount,
      total: orderTotal({ subtotal, shipping, discount: 0 }),
      totalWithCoupon: orderTotal({ subtotal, shipping, discount }),
    },
  };
}

/** How many lamps the family's journey adds (the stepper's + pressed this often). */
export const LAMPS = 2;

async function familyChoice(baseUrl: string, pujas: Puja[], now: number) {
  const later = pujas
    .filter((p): p is Puja & { pujaDate: string } => !!p.pujaDate && Date.parse(p.pujaDate) >= now + DAY_MS)
    .sort((a, b) => Date.parse(a.pujaDate) - Date.parse(b.pujaDate));
  for (const puja of later) {
    const { packages } = await api(baseUrl, `/packages/${puja.id}`, PackageListResponse);
    const familyPkg = packages.find((p) => p.noPersons === 4);
    if (!familyPkg) continue;
    const {
      pujas: [detail],
    } = await api(baseUrl, `/pujas/${puja.id}`, PujaListResponse);
    const lamp = detail?.offerings?.find((o) => o.unit === 'lamp' && o.maxQuantity >= LAMPS);
    if (lamp) return { familyPuja: puja, familyPkg, lamp };
  }
  throw new Error('The demo catalogue has no puja a day or more away with a 4-person package and a lamp');
}

/** A puja whose name is its own and none of `taken`'s, with a one-person package. */
async function seriesChoice(baseUrl: string, pujas: Puja[], taken: Puja[]) {
  const named = (name: string) => pujas.filter((p) => p.pujaName === name).length;
  for (const puja of pujas) {
    if (taken.some((t) => t.pujaName === puja.pujaName) || named(puja.pujaName) > 1) continue;
    const { packages } = await api(baseUrl, `/packages/${puja.id}`, PackageListResponse);
    if (packages.some((p) => p.noPersons === 1)) return puja;
  }
  throw new Error('The demo catalogue has no fourth puja with a one-person package');
}
