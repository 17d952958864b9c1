/**
 * The release-day surge (docs/product-rules.md, Places at the temple): many devotees try for a puja
 * date's last places at the same moment, each as the wizard would (a payment intent priced by the
 * server, a UPI capture, the booking). `npm run load:release` measures it on one process and on the
 * cluster; tests/cluster/cluster.test.ts holds the shop to its outcome: exactly the places sold,
 * every payment taken for a refused booking refunded.
 */
import { sql } from 'kysely';
import type { BookingCreatePayload } from '../../contract/booking.ts';
import type { PackageListResponse, PujaListResponse } from '../../contract/catalogue.ts';
import type { PaymentIntentResponse } from '../../contract/payments.ts';
import { HOUR_MS, SANKALP_LOCK_HOURS, isBookingOpen } from '../../contract/policy.ts';
import type { Db } from '../../server/db/client.ts';
import { http, type HttpAnswer, type HttpCustomer } from '../../tests/support/api-server.ts';
import { person } from '../../tests/support/bookings.ts';
import { GOOD_UPI } from '../../tests/support/payments.ts';

/** The date tried for: a seeded puja open well beyond its sankalp lock, and its one-person package. */
export interface SurgeDate {
  pujaId: number;
  packageId: number;
}

/** How one devotee's try ended. */
export type SurgeOutcome =
  | 'booked'
  /** Refused `puja_full` before paying: the intent was not priced. */
  | 'refusedBeforePaying'
  /** Refused `puja_full` after paying: the last place went meanwhile, the payment is refunded. */
  | 'refusedAfterPaying'
  /** Still busy after every retry, or an answer the shop should not give. */
  | 'error';

export interface SurgeResult {
  outcomes: Record<SurgeOutcome, number>;
  /** Busy answers (5xx) and lost ones, each asked again. */
  busy: number;
  /** Milliseconds of every request the devotees sent, as they saw them. */
  requestMs: number[];
  /** Milliseconds of each devotee's whole try, from the intent to the last answer. */
  tryMs: number[];
  /** What the errors were, for the report. */
  errors: string[];
}

/** Picks the date and gives it `capacity` places, as staff would in the back office. */
export async function prepareSurgeDate(base: string, db: Db, capacity: number): Promise<SurgeDate> {
  const { body } = await http(base, 'GET', '/pujas?limit=100');
  const lockAhead = new Date(Date.now() + (SANKALP_LOCK_HOURS + 1) * HOUR_MS);
  for (const puja of (body as PujaListResponse).pujas) {
    if (!isBookingOpen(puja.pujaDate, lockAhead)) continue;
    const packages = (await http(base, 'GET', `/packages/${puja.id}`)).body as PackageListResponse;
    const single = packages.packages.find((p) => p.noPersons === 1);
    if (!single) continue;
    await sql`update puja set capacity = ${capacity} where id = ${puja.id}`.execute(db);
    return { pujaId: puja.id, packageId: single.id };
  }
  throw new Error('No seeded puja is open for booking with a one-person package');
}

const codeOf = (answer: HttpAnswer) => (answer.body as { code?: string } | undefined)?.code;

/** A devotee asks again after a busy answer as the wizard lets them: about a second later. */
const MAX_TRIES = 20;
const pause = () => new Promise((resolve) => setTimeout(resolve, 500 + Math.random() * 1000));

/**
 * One devotee's try: intent, capture, booking, every request timed into `into`. A busy answer (a
 * 5xx: the shop sheds load with 503 when its database connections are all in use) or no answer
 * is asked again, as the wizard offers, the booking with the same Idempotency-Key; a capture the
 * shop had made before its answer was lost is taken as made.
 */
async function tryForAPlace(
  base: string,
  devotee: HttpCustomer,
  date: SurgeDate,
  index: number,
  into: SurgeResult,
): Promise<SurgeOutcome> {
  const asked = async (method: string, pathname: string, json: unknown, headers?: Record<string, string>) => {
    for (let attempt = 1; ; attempt++) {
      try {
        const answer = await http(base, method, pathname, {
          token: devotee.token,
          json,
          headers,
          timeoutMs: 60_000,
        });
        into.requestMs.push(answer.ms);
        if (answer.status < 500) return answer;
        into.busy += 1;
        if (attempt === MAX_TRIES) throw new Error(`${method} ${pathname}: ${answer.status}`);
      } catch (error) {
        if (attempt === MAX_TRIES || !(error instanceof TypeError || error instanceof DOMException))
          throw error;
        into.busy += 1;
      }
      await pause();
    }
  };
  const draft = {
    pujaId: date.pujaId,
    packageId: date.packageId,
    persons: [person({ name: `Devotee ${index + 1}` })],
    addressId: devotee.addressId,
  };
  const intent = await asked('POST', '/api/payments', { purpose: 'booking', booking: draft });
  if (intent.status === 409 && codeOf(intent) === 'puja_full') return 'refusedBeforePaying';
  if (intent.status !== 201) throw new Error(`intent: ${intent.status} ${JSON.stringify(intent.body)}`);
  const { id } = (intent.body as PaymentIntentResponse).payment;
  const captured = await asked('POST', `/api/payments/${id}/capture`, GOOD_UPI);
  if (captured.status !== 200 && codeOf(captured) !== 'payment_already_captured')
    throw new Error(`capture: ${captured.status} ${JSON.stringify(captured.body)}`);
  const booking: BookingCreatePayload = { ...draft, paymentMethod: 'online', paymentId: id };
  const booked = await asked('POST', '/api/bookings', booking, { 'idempotency-key': `surge-${id}` });
  if (booked.status === 201) return 'booked';
  if (booked.status === 409 && codeOf(booked) === 'puja_full') return 'refusedAfterPaying';
  throw new Error(`booking: ${booked.status} ${JSON.stringify(booked.body)}`);
}

/** Every devotee tries for a place at once; how each try ended and how long it all took. */
export async function releaseSurge(
  base: string,
  devotees: readonly HttpCustomer[],
  date: SurgeDate,
): Promise<SurgeResult> {
  const result: SurgeResult = {
    outcomes: { booked: 0, refusedBeforePaying: 0, refusedAfterPaying: 0, error: 0 },
    busy: 0,
    requestMs: [],
    tryMs: [],
    errors: [],
  };
  await Promise.all(
    devotees.map(async (devotee, i) => {
      const started = performance.now();
      try {
        result.outcomes[await tryForAPlace(base, devotee, date, i, result)] += 1;
      } catch (error) {
        result.outcomes.error += 1;
        result.errors.push(error instanceof Error ? error.message : String(error));
      }
      result.tryMs.push(performance.now() - started);
    }),
  );
  return result;
}

/** What the database holds of the surge afterwards: the places taken and the payments' ends. */
export async function surgeLedger(db: Db, pujaId: number) {
  const count = async (query: ReturnType<typeof sql<{ n: number | string }>>) =>
    Number((await query.execute(db)).rows[0]?.n ?? 0);
  return {
    /** Persons on bookings of the date that hold places. */
    placesTaken: await count(sql`select count(*) as n from booking_persons bp
      join bookings b on b.id = bp.booking_id
      where b.puja_id = ${pujaId} and b.status not in ('refundPending', 'refunded')`),
    /** Captured payments neither used by a booking nor refunded: money kept for nothing. */
    paymentsKept: await count(sql`select count(*) as n from payments
      where purpose = 'booking' and status = 'captured'`),
    refunded: await count(sql`select count(*) as n from payments
      where purpose = 'booking' and status = 'refunded'`),
    /** Payments used by a booking of the date (a new shop's demo bookings are of another). */
    used: await count(sql`select count(*) as n from payments p
      join bookings b on b.id = p.booking_id
      where p.purpose = 'booking' and p.status = 'used' and b.puja_id = ${pujaId}`),
  };
}

/** The p-th percentile (0–100) of `values`, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
