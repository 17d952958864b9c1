import * as v from 'valibot';
import { WhatsappUpdates } from './messages.ts';
import { Address } from './address.ts';
import { GiftInput, giftMessages, type GiftDraft } from './gift.ts';
import { BookedOffering, OfferingLines, type OfferingLine } from './offerings.ts';
import { BOOKING_STATES, Refund, Shipment, TimelineEntry, type BookingState } from './lifecycle.ts';
import { PositiveId } from './ids.ts';
import { OTHER_DATES_FAILED } from './catalogue.ts';
import { orderMessages } from './orders.ts';
import {
  BOOKING_PAYMENT_METHODS,
  MAX_PAYMENT_ID_LENGTH,
  PAYMENT_ID,
  type BookingPaymentMethod,
} from './payment-methods.ts';
import {
  bookingPersonSchema,
  latestToday,
  MAX_BOOKING_PERSONS,
  personMessages,
  type PersonDraft,
} from './person.ts';
import { NAKSHATRA_OPTIONS, RAASHI_OPTIONS } from './raashi-nakshatra.ts';
import { TempleScript } from './temple-script.ts';
import { requiredPattern } from './text.ts';

/* ------------------------------------------------------------------------------------------
 * A puja booking: the request, the answer and their messages. A booking's persons are
 * contract/person.ts's, its gift contract/gift.ts's, its payment methods
 * contract/payment-methods.ts's.
 * ---------------------------------------------------------------------------------------- */

export { MAX_BOOKING_PERSONS };
/** A new booking is `confirmed`; the others are its lifecycle's (machines/booking-lifecycle/). */
export type BookingStatus = BookingState;
export const BOOKING_PAYMENT_STATUSES = ['completed', 'refunded'] as const;
export type BookingPaymentStatus = (typeof BOOKING_PAYMENT_STATUSES)[number];

/* ------------------------------------------------------------------------------------------
 * Messages.
 * ---------------------------------------------------------------------------------------- */

const persons = (n: number) => `${n} ${n === 1 ? 'person' : 'persons'}`;

export const bookingMessages = {
  ...personMessages,
  ...giftMessages,
  // request validation
  personsRequired: 'Please enter the details of at least one person',
  personsInvalid: 'persons must be a list of person details',
  tooManyPersons: `A booking can have at most ${MAX_BOOKING_PERSONS} persons`,
  pujaIdInvalid: 'pujaId must be a positive whole number',
  packageIdInvalid: 'packageId must be a positive whole number',
  // docs/product-rules.md, Bookings (the wizard's alert); also the API's answer to a missing addressId
  addressRequired: 'Please select or add an address',
  addressIdInvalid: 'addressId must be a positive whole number',
  paymentMethodInvalid: 'Puja bookings can only be paid online (paymentMethod must be "online")',
  paymentIdRequired: 'Please complete the payment first (paymentId is missing)',
  paymentIdInvalid: `paymentId must start with "pay_" and have at most ${MAX_PAYMENT_ID_LENGTH} letters, digits, "_" or "-"`,
  idempotencyKeyInvalid: orderMessages.idempotencyKeyInvalid,
  // API answers
  pujaNotFound: 'Puja not found',
  packageNotFound: 'Package not found',
  packageOfAnotherPuja: 'This package belongs to another puja',
  /** docs/product-rules.md, Persons: a package for N persons takes 1 to N. */
  tooManyForPackage: (noPersons: number) =>
    noPersons === 1
      ? 'This package is for 1 person; please enter the details of one person'
      : `This package is for up to ${persons(noPersons)}; please enter at most ${noPersons}`,
  closed: 'Booking for this puja has closed',
  /** docs/product-rules.md, Places at the temple: fewer places left than the persons named. */
  full: (placesLeft: number) =>
    placesLeft === 0
      ? 'This date of the puja is fully booked'
      : `Only ${placesLeft === 1 ? '1 place is' : `${placesLeft} places are`} left on this date of the puja`,
  addressNotFound: 'Address not found',
  idempotencyMismatch: orderMessages.idempotencyMismatch,
  notFound: 'Booking not found',
  // SPA fallbacks (docs/product-rules.md, Messages and errors)
  createFailed: 'Failed to create booking',
  listFailed: 'Failed to fetch bookings',
  readFailed: 'Failed to fetch booking details',
  datesFailed: OTHER_DATES_FAILED,
  calendarFailed: 'Failed to make the calendar file',
} as const;

/* ------------------------------------------------------------------------------------------
 * POST /api/bookings
 * ---------------------------------------------------------------------------------------- */

/**
 * What a booking is, without how it is paid, with a given "today" for dates of birth (the
 * server passes its clock). POST /api/payments prices exactly this (its `booking`), and
 * POST /api/bookings extends it with the payment fields. The amount is not part of it: the
 * server takes the price from the package, and any amount a client sends is dropped with the
 * other unknown keys.
 */
const bookingDraftEntries = (today: () => string) => ({
  pujaId: PositiveId(bookingMessages.pujaIdInvalid),
  packageId: PositiveId(bookingMessages.packageIdInvalid),
  persons: v.pipe(
    v.nullish(v.array(bookingPersonSchema(today), bookingMessages.personsInvalid), []),
    v.nonEmpty(bookingMessages.personsRequired),
    v.maxLength(MAX_BOOKING_PERSONS, bookingMessages.tooManyPersons),
  ),
  // Required unless the booking is a gift (checked by withAddressRule).
  addressId: v.optional(v.unknown()),
  /** docs/product-rules.md, Chadhava offerings: none unless chosen. */
  offerings: OfferingLines,
  /** docs/product-rules.md, Gift a puja: the prasad goes to this address, with this message. */
  gift: v.nullish(GiftInput, null),
});

const AddressIdRule = PositiveId(bookingMessages.addressIdInvalid, bookingMessages.addressRequired);

/**
 * The prasad's address: a gift carries its own (the recipient's, typed in), any other booking
 * names one of the customer's saved addresses. A gift's addressId is ignored (null).
 */
const withAddressRule = <T extends { addressId?: unknown; gift: GiftInput | null }>(
  dataset: T,
  addIssue: (issue: { message: string }) => void,
): (Omit<T, 'addressId'> & { addressId: number | null }) | undefined => {
  if (dataset.gift !== null) return { ...dataset, addressId: null };
  const result = v.safeParse(AddressIdRule, dataset.addressId, { abortPipeEarly: true });
  if (!result.success) {
    addIssue({ message: result.issues[0].message });
    return undefined;
  }
  return { ...dataset, addressId: result.output };
};

export const bookingDraftSchema = (today: () => string, message?: string) =>
  v.pipe(
    v.object(bookingDraftEntries(today), message),
    v.rawTransform(({ dataset, addIssue, NEVER }) => withAddressRule(dataset.value, addIssue) ?? NEVER),
  );
export const BookingDraft = bookingDraftSchema(() => latestToday(new Date()));
export type BookingDraft = v.InferOutput<typeof BookingDraft>;

/** POST /api/bookings: the draft plus its payment (the id of a captured payment). */
export const bookingCreateRequestSchema = (today: () => string) =>
  v.pipe(
    v.object({
      ...bookingDraftEntries(today),
      paymentMethod: v.pipe(
        v.nullish(v.string(bookingMessages.paymentMethodInvalid), ''),
        v.picklist(BOOKING_PAYMENT_METHODS, bookingMessages.paymentMethodInvalid),
      ),
      paymentId: requiredPattern(
        PAYMENT_ID,
        bookingMessages.paymentIdRequired,
        bookingMessages.paymentIdInvalid,
      ),
      /**
       * The unticked box "Send me updates on WhatsApp" in the wizard (docs/product-rules.md,
       * Messages to customers, Consent): the prasad address's mobile, or for a gift the account's phone.
       */
      whatsappUpdates: WhatsappUpdates,
    }),
    v.rawTransform(({ dataset, addIssue, NEVER }) => withAddressRule(dataset.value, addIssue) ?? NEVER),
  );

export const BookingCreateRequest = bookingCreateRequestSchema(() => latestToday(new Date()));
export type BookingCreateRequest = v.InferOutput<typeof BookingCreateRequest>;

/** The booking as POST /api/payments prices it: the create payload without its payment fields. */
export interface BookingDraftPayload {
  pujaId: number;
  packageId: number;
  persons: PersonDraft[];
  /** A saved address of the customer's; null for a gift, which carries its own. */
  addressId: number | null;
  offerings?: OfferingLine[];
  gift?: GiftDraft | null;
}

/** What the SPA sends to POST /api/bookings. */
export interface BookingCreatePayload extends BookingDraftPayload {
  paymentMethod: BookingPaymentMethod;
  paymentId: string;
  /** Ticked "Send me updates on WhatsApp". */
  whatsappUpdates?: boolean;
}
// Compile-time check: every payload of that type is one the schema reads.
type _PayloadFitsSchema = Assert<
  BookingCreatePayload extends v.InferInput<typeof BookingCreateRequest> ? true : false
>;
type _DraftFitsSchema = Assert<BookingDraftPayload extends v.InferInput<typeof BookingDraft> ? true : false>;
type Assert<T extends true> = T;

/* ------------------------------------------------------------------------------------------
 * Reading bookings: POST's answer, GET /api/bookings/{id} and GET /api/bookings
 * ---------------------------------------------------------------------------------------- */

/** A stored person, as read back (already validated when the booking was made); null is "not known". */
export const BookedPerson = v.object({
  name: v.string(),
  dateOfBirth: v.string(),
  birthTime: v.nullable(v.string()),
  birthPlace: v.nullable(v.string()),
  raashi: v.picklist(RAASHI_OPTIONS),
  nakshatra: v.nullable(v.picklist(NAKSHATRA_OPTIONS)),
  gothra: v.string(),
  /** The name and gothra in the temple's script as corrected by hand; null: worked out from the Latin. */
  nameInScript: v.optional(v.nullable(v.string())),
  gothraInScript: v.optional(v.nullable(v.string())),
});
export type BookedPerson = v.InferOutput<typeof BookedPerson>;

export const Booking = v.object({
  id: v.number(),
  /** e.g. PUJ-20261122-000007 (the date in India). */
  bookingNumber: v.string(),
  /** ISO 8601 (UTC); the SPA formats it for en-IN. */
  createdAt: v.string(),
  status: v.picklist(BOOKING_STATES),
  paymentStatus: v.picklist(BOOKING_PAYMENT_STATUSES),
  paymentMethod: v.picklist(BOOKING_PAYMENT_METHODS),
  paymentId: v.string(),
  /** The puja as it was when booked. `image` is relative; the SPA prefixes the API base. */
  puja: v.object({
    id: v.number(),
    pujaName: v.string(),
    place: v.string(),
    pujaDate: v.string(),
    image: v.string(),
    /** The script the temple's priest reads the sankalp in (the read-back on the booking page). */
    script: v.optional(TempleScript),
  }),
  package: v.object({ id: v.number(), title: v.string(), noPersons: v.number() }),
  /** In the order they were entered. */
  persons: v.array(BookedPerson),
  /** The address as it was when booked (later edits do not change it). */
  address: Address,
  /** What was paid, in whole rupees: the package's offer price when booked and the offerings. */
  amount: v.number(),
  /** The package's offer price when booked. */
  packageAmount: v.number(),
  /** The chadhava offerings chosen, as priced when booked (docs/product-rules.md, Chadhava offerings). */
  offerings: v.array(BookedOffering),
  /** A gift: the sankalp is the recipients', the prasad goes to `address`, with this card message. */
  gift: v.nullable(v.object({ message: v.string() })),
  currency: v.literal('INR'),
  /** The new dates offered after the puja could not be performed (ISO 8601). */
  offeredDates: v.array(v.string()),
  /** How many times the customer moved it to another date of its puja (docs/product-rules.md, Rescheduling). */
  dateChanges: v.optional(v.number()),
  /** The proof of the puja once performed: the video link (allowlisted) and photo upload ids. */
  proof: v.nullable(v.object({ videoUrl: v.string(), photoIds: v.array(v.string()) })),
  /** The prasad's carrier and tracking number, once shipped. */
  prasad: v.nullable(Shipment),
  /** The money going back, once cancelled or refunded instead of a new date. */
  refund: v.nullable(Refund),
  /** Every step of its life, oldest first. */
  timeline: v.array(TimelineEntry),
});
export type Booking = v.InferOutput<typeof Booking>;

export const BookingResponse = v.object({ booking: Booking });
export type BookingResponse = v.InferOutput<typeof BookingResponse>;

export const BookingCreateResponse = BookingResponse;
/** POST /api/bookings/{id}/events: the booking after the step. */
export const BookingEventResponse = BookingResponse;
export type BookingEventResponse = BookingResponse;
export type BookingCreateResponse = BookingResponse;

export const BookingSummary = v.object({
  id: v.number(),
  bookingNumber: v.string(),
  createdAt: v.string(),
  pujaName: v.string(),
  packageTitle: v.string(),
  pujaDate: v.string(),
  personCount: v.number(),
  amount: v.number(),
  status: v.picklist(BOOKING_STATES),
  /** A gift, and to whom (the prasad's recipient). */
  gift: v.optional(v.nullable(v.object({ recipientName: v.nullable(v.string()) })), null),
});
export type BookingSummary = v.InferOutput<typeof BookingSummary>;

export const BookingListResponse = v.object({ bookings: v.array(BookingSummary) });
export type BookingListResponse = v.InferOutput<typeof BookingListResponse>;

/**
 * What moving a booking to another date of its puja would be (GET /api/bookings/{id}/date-change?pujaId=N,
 * docs/product-rules.md, Rescheduling): its date now and the new one, the package it would take
 * there, the places left on the new date (null: unlimited) and the price difference in whole
 * rupees (negative: given back to the customer; positive: the new date costs more).
 */
export const BookingDateChangeQuote = v.object({
  from: v.string(),
  to: v.string(),
  pujaId: v.number(),
  package: v.object({ id: v.number(), title: v.string(), noPersons: v.number() }),
  priceDifference: v.number(),
  placesLeft: v.nullable(v.number()),
});
export type BookingDateChangeQuote = v.InferOutput<typeof BookingDateChangeQuote>;

/** The query of GET /api/bookings/{id}/date-change: the puja record of the date asked about. */
export const BookingDateChangeQuery = v.object({
  pujaId: v.pipe(
    v.string('Please choose another date of this puja'),
    v.regex(/^[1-9]\d{0,8}$/, 'Please choose another date of this puja'),
    v.transform(Number),
  ),
});
