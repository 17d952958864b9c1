/**
 * The shop's policy figures (docs/product-rules.md, Cancellation and refunds), in one place: the
 * lifecycle machines' guards, the server, the texts customers read and the legal pages all use
 * these, so a figure is changed here or nowhere.
 */

export const HOUR_MS = 60 * 60 * 1000;

/** A customer may cancel an order or a booking within this many hours of paying (placing, for cash on delivery). */
export const CANCEL_WINDOW_HOURS = 1;
/** A damaged product is claimed, with a photo, within this many hours of delivery. */
export const DAMAGE_CLAIM_WINDOW_HOURS = 24;
/** A double charge is reported within this many hours of paying. */
export const DOUBLE_CHARGE_WINDOW_HOURS = 24;
/** How long a refund takes to reach the original payment method, in working days. */
export const REFUND_WORKING_DAYS = { min: 7, max: 10 } as const;
/**
 * The sankalp (the list of names and gothras the priest recites) is locked this many hours
 * before the puja: until then the customer may correct the persons' details and (within the
 * cancel window) cancel.
 */
export const SANKALP_LOCK_HOURS = 12;

/**
 * A devotee offered a freed place from a puja date's waitlist has this many hours to pay for it
 * (docs/product-rules.md, Waitlist); the place is then offered to the next in line.
 */
export const WAITLIST_OFFER_HOURS = 4;
/**
 * A waitlist offer is made only while more than this many hours are left before its date's booking
 * closes (the sankalp lock): an offer's hold never runs past the lock, and a shorter one is no fair
 * chance to see the message and pay. Past it the line closes and its waiting devotees are told
 * (docs/product-rules.md, Waitlist).
 */
export const WAITLIST_MIN_OFFER_HOURS = 2;

/**
 * Staff may mark a puja performed from this many minutes before its time (the priests may begin
 * a little early, or the booking's time be rounded), never earlier (docs/product-rules.md,
 * Orders and bookings after the sale).
 */
export const PERFORM_EARLY_MINUTES = 15;
/**
 * A delivery time may be this many minutes after the server's clock (the staff member's device
 * running a little fast), never more, and never before the order shipped.
 */
export const DELIVERY_CLOCK_SKEW_MINUTES = 5;

const hours = (n: number) => `${n} ${n === 1 ? 'hour' : 'hours'}`;

/** The figures as customers read them: "1 hour", "24 hours", "7-10 working days", "12 hours". */
export const policyText = {
  cancelWindow: hours(CANCEL_WINDOW_HOURS),
  damageClaimWindow: hours(DAMAGE_CLAIM_WINDOW_HOURS),
  doubleChargeWindow: hours(DOUBLE_CHARGE_WINDOW_HOURS),
  refundTime: `${REFUND_WORKING_DAYS.min}-${REFUND_WORKING_DAYS.max} working days`,
  sankalpLock: hours(SANKALP_LOCK_HOURS),
  performEarly: `${PERFORM_EARLY_MINUTES} minutes`,
  deliveryClockSkew: `${DELIVERY_CLOCK_SKEW_MINUTES} minutes`,
  waitlistOffer: hours(WAITLIST_OFFER_HOURS),
  waitlistMinOffer: hours(WAITLIST_MIN_OFFER_HOURS),
} as const;

/** The instant `hoursAfter` hours after the ISO instant `from` (NaN stays NaN). */
export const hoursAfter = (from: string, n: number): number => Date.parse(from) + n * HOUR_MS;

/** Until when a record paid at `paidAt` may be cancelled by its customer (ms since the epoch). */
export const cancelDeadline = (paidAt: string): number => hoursAfter(paidAt, CANCEL_WINDOW_HOURS);

/** When the sankalp of a puja on `pujaDate` is locked (ms since the epoch). */
export const sankalpLockAt = (pujaDate: string): number => hoursAfter(pujaDate, -SANKALP_LOCK_HOURS);

/** From when a puja on `pujaDate` may be marked performed (ms since the epoch; NaN for an invalid date). */
export const performableFrom = (pujaDate: string): number =>
  Date.parse(pujaDate) - PERFORM_EARLY_MINUTES * 60 * 1000;

/** The latest delivery time staff may record at `now` (ms since the epoch). */
export const latestDeliveryAt = (now: Date): number =>
  now.getTime() + DELIVERY_CLOCK_SKEW_MINUTES * 60 * 1000;

/** Until when a product delivered at `deliveredAt` may be claimed as damaged (ms since the epoch). */
export const damageClaimDeadline = (deliveredAt: string): number =>
  hoursAfter(deliveredAt, DAMAGE_CLAIM_WINDOW_HOURS);

/**
 * When booking a puja on `pujaDate` closes: at its sankalp lock, SANKALP_LOCK_HOURS before the
 * puja, so every name booked is on the sheet the priest is given (docs/product-rules.md,
 * Booking window and countdowns). ISO; null for a missing or invalid date (closed).
 */
export function bookingClosesAt(pujaDate: string | null | undefined): string | null {
  const lockAt = pujaDate ? sankalpLockAt(pujaDate) : NaN;
  return Number.isNaN(lockAt) ? null : new Date(lockAt).toISOString();
}

/* The booking window (docs/product-rules.md, Booking window and countdowns), shared by the SPA and the server. */

/** A window closing at the ISO instant `closesAt` is still open at `now` (missing or invalid: closed). */
export function isWindowOpenAt(closesAt: string | null | undefined, now: Date): boolean {
  const at = closesAt ? Date.parse(closesAt) : NaN;
  return !Number.isNaN(at) && at > now.getTime();
}

/** Booking a puja on `pujaDate` is open at `now`: before its sankalp lock (bookingClosesAt). */
export function isBookingOpen(pujaDate: string | null | undefined, now: Date): boolean {
  return isWindowOpenAt(bookingClosesAt(pujaDate), now);
}

/**
 * Until when a waitlist offer made at `offeredAt` for a puja on `pujaDate` may be taken up (ms
 * since the epoch): `hours` (WAITLIST_OFFER_HOURS) later, but never past the date's sankalp lock,
 * when its booking closes. NaN for an invalid date.
 */
export const waitlistOfferDeadline = (
  offeredAt: string,
  pujaDate: string,
  hours: number = WAITLIST_OFFER_HOURS,
): number => Math.min(hoursAfter(offeredAt, hours), sankalpLockAt(pujaDate));

/**
 * A puja on `pujaDate` may still be offered to its waitlist at `now`: more than
 * WAITLIST_MIN_OFFER_HOURS are left before its booking closes (closed for a missing or invalid date).
 */
export function isWaitlistOfferOpen(pujaDate: string | null | undefined, now: Date): boolean {
  return isWindowOpenAt(
    bookingClosesAt(pujaDate),
    new Date(now.getTime() + WAITLIST_MIN_OFFER_HOURS * HOUR_MS),
  );
}
