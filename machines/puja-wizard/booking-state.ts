import * as v from 'valibot';
import { MAX_BOOKING_PERSONS } from '../../contract/booking.ts';

/**
 * What a package's Book button hands to /puja-booking/{pujaId} as history state (docs/product-rules.md,
 * Bookings): the package, how many persons it covers (1 when missing) and its price.
 */
export const PujaBookingState = v.object({
  packageId: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
  packageName: v.pipe(v.string(), v.trim(), v.nonEmpty()),
  personCount: v.optional(
    v.pipe(v.number(), v.safeInteger(), v.minValue(1), v.maxValue(MAX_BOOKING_PERSONS)),
    1,
  ),
  price: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
});
export type PujaBookingState = v.InferOutput<typeof PujaBookingState>;

/** The history state if it is a usable package choice, else undefined (the page then redirects). */
export function readBookingState(state: unknown): PujaBookingState | undefined {
  const result = v.safeParse(PujaBookingState, state);
  return result.success ? result.output : undefined;
}

/** The wizard's route for a puja. */
export const pujaBookingPath = (pujaId: number | string) => `/puja-booking/${pujaId}`;
