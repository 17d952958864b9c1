import * as v from 'valibot';
import { bookingMessages, MAX_BOOKING_PERSONS } from './booking.ts';
import { bookingPersonSchema, latestToday } from './person.ts';
import {
  lifecycleMessages,
  MAX_CARRIER_LENGTH,
  MAX_OFFERED_DATES,
  MAX_PROOF_PHOTOS,
  MAX_REASON_LENGTH,
  parseProofVideo,
  TRACKING_NUMBER,
  UPLOAD_ID,
} from './lifecycle.ts';
import { carrierName, OTHER_CARRIER } from './carriers.ts';
import { FORBIDDEN_TEXT, notAllowedMessage, wireText } from './text.ts';

/**
 * The bodies of the lifecycle events as the API reads them (docs/product-rules.md, Orders and
 * bookings after the sale). Who sent an event is never in the body: the server adds it from the
 * route and the signed-in user's role, and the lifecycle machine decides whether it is allowed.
 */

const reason = v.pipe(
  wireText('Reason must be text'),
  v.trim(),
  v.nonEmpty(lifecycleMessages.reasonRequired),
  v.maxLength(MAX_REASON_LENGTH, lifecycleMessages.reasonTooLong),
  v.check((value) => !FORBIDDEN_TEXT.test(value.replace(/\r?\n/g, ' ')), lifecycleMessages.reasonNotAllowed),
);
const optionalNote = v.pipe(
  v.nullish(v.string('Note must be text'), ''),
  v.trim(),
  v.maxLength(MAX_REASON_LENGTH, lifecycleMessages.noteTooLong),
  v.check((value) => !FORBIDDEN_TEXT.test(value.replace(/\r?\n/g, ' ')), lifecycleMessages.reasonNotAllowed),
  v.transform((value) => value || undefined),
);
const carrier = v.pipe(
  wireText('Carrier must be text'),
  v.trim(),
  v.nonEmpty(lifecycleMessages.carrierRequired),
  v.maxLength(MAX_CARRIER_LENGTH, lifecycleMessages.carrierTooLong),
  v.check((value) => !FORBIDDEN_TEXT.test(value), notAllowedMessage('Carrier')),
  // "Other" is the dialog's choice, not a courier: its name must be typed (docs/decisions/0064).
  v.check((value) => value.toLowerCase() !== OTHER_CARRIER.toLowerCase(), lifecycleMessages.carrierRequired),
  // A listed courier is kept in its own spelling, so its tracking link is found (contract/carriers.ts).
  v.transform(carrierName),
);
const trackingNumber = v.pipe(
  wireText(lifecycleMessages.trackingInvalid),
  v.trim(),
  v.regex(TRACKING_NUMBER, lifecycleMessages.trackingInvalid),
);
const uploadId = (message: string, missing = message) =>
  v.pipe(wireText(message), v.trim(), v.nonEmpty(missing), v.regex(UPLOAD_ID, message));
/** An instant as ISO 8601, kept as the server's canonical form (toISOString). */
const isoInstant = (message: string) =>
  v.pipe(
    v.string(message),
    v.check((value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)), message),
    v.transform((value) => new Date(value).toISOString()),
  );
const reference = v.optional(
  v.pipe(v.string(), v.trim(), v.maxLength(100, lifecycleMessages.referenceTooLong)),
);

/** The body of an order's lifecycle event (POST /api/orders/{id}/events, POST /api/admin/orders/{id}/events). */
export const OrderEventRequest = v.variant(
  'type',
  [
    v.object({ type: v.literal('order.pack') }),
    v.object({ type: v.literal('order.ship'), carrier, trackingNumber }),
    v.object({
      type: v.literal('order.deliver'),
      /** When the carrier delivered it, if not now (the courier's record). */
      deliveredAt: v.optional(isoInstant(lifecycleMessages.dateInvalid)),
    }),
    v.object({ type: v.literal('order.cancel'), reason }),
    v.object({
      type: v.literal('order.claimDamage'),
      note: v.pipe(
        wireText('Note must be text'),
        v.trim(),
        v.nonEmpty(lifecycleMessages.noteRequired),
        v.maxLength(MAX_REASON_LENGTH, lifecycleMessages.noteTooLong),
        v.check(
          (value) => !FORBIDDEN_TEXT.test(value.replace(/\r?\n/g, ' ')),
          lifecycleMessages.reasonNotAllowed,
        ),
      ),
      photoId: uploadId(lifecycleMessages.photoInvalid, lifecycleMessages.photoRequired),
    }),
    v.object({ type: v.literal('order.approveClaim'), note: optionalNote }),
    v.object({ type: v.literal('order.rejectClaim'), reason }),
    v.object({ type: v.literal('refund.completed'), reference }),
  ],
  lifecycleMessages.typeInvalid,
);
export type OrderEventRequest = v.InferOutput<typeof OrderEventRequest>;
export type OrderEventPayload = v.InferInput<typeof OrderEventRequest>;

/**
 * The body of a booking's lifecycle event. `today` bounds corrected dates of birth (the server
 * passes its clock's), `ownOrigin` is the shop's PUBLIC_URL, whose /uploads links are its own.
 */
export const bookingEventRequestSchema = ({
  today = () => latestToday(new Date()),
  ownOrigin,
}: { today?: () => string; ownOrigin?: string } = {}) =>
  v.variant(
    'type',
    [
      v.object({ type: v.literal('booking.cancel'), reason }),
      v.object({
        type: v.literal('booking.correctPersons'),
        persons: v.pipe(
          v.nullish(v.array(bookingPersonSchema(today), bookingMessages.personsInvalid), []),
          v.nonEmpty(bookingMessages.personsRequired),
          v.maxLength(MAX_BOOKING_PERSONS, bookingMessages.tooManyPersons),
        ),
      }),
      v.object({
        type: v.literal('booking.changeDate'),
        /** The puja record of the date moved to: another open date of the same puja. */
        pujaId: v.pipe(
          v.number(lifecycleMessages.dateChoiceInvalid),
          v.integer(lifecycleMessages.dateChoiceInvalid),
          v.minValue(1, lifecycleMessages.dateChoiceInvalid),
        ),
        /** A dearer date: the customer's captured payment of the difference (purpose dateChange). */
        paymentId: v.optional(
          v.pipe(
            v.string(lifecycleMessages.paymentIdInvalid),
            v.minLength(1, lifecycleMessages.paymentIdInvalid),
            v.maxLength(64, lifecycleMessages.paymentIdInvalid),
          ),
        ),
      }),
      v.object({ type: v.literal('booking.lock') }),
      v.object({
        type: v.literal('booking.perform'),
        videoUrl: v.pipe(
          wireText(lifecycleMessages.videoRequired),
          v.trim(),
          v.nonEmpty(lifecycleMessages.videoRequired),
          v.maxLength(300, lifecycleMessages.videoNotAllowed),
          v.rawTransform(({ dataset, addIssue, NEVER }) => {
            const video = parseProofVideo(dataset.value, ownOrigin);
            if (!video) {
              addIssue({ message: lifecycleMessages.videoNotAllowed });
              return NEVER;
            }
            return video.url;
          }),
        ),
        photoIds: v.pipe(
          v.optional(v.array(v.pipe(v.string(), v.regex(UPLOAD_ID)), lifecycleMessages.photosInvalid), []),
          v.maxLength(MAX_PROOF_PHOTOS, lifecycleMessages.photosInvalid),
          v.check((ids) => new Set(ids).size === ids.length, lifecycleMessages.photosInvalid),
        ),
      }),
      v.object({
        type: v.literal('booking.markNotPerformed'),
        reason,
        offeredDates: v.pipe(
          v.optional(v.array(isoInstant(lifecycleMessages.offeredDatesInvalid)), []),
          v.maxLength(MAX_OFFERED_DATES, lifecycleMessages.offeredDatesInvalid),
        ),
      }),
      v.object({ type: v.literal('booking.reschedule'), date: isoInstant(lifecycleMessages.dateInvalid) }),
      v.object({ type: v.literal('booking.requestRefund'), reason: optionalNote }),
      v.object({ type: v.literal('booking.shipPrasad'), carrier, trackingNumber }),
      v.object({ type: v.literal('booking.deliverPrasad') }),
      v.object({ type: v.literal('refund.completed'), reference }),
    ],
    lifecycleMessages.typeInvalid,
  );
export const BookingEventRequest = bookingEventRequestSchema();
export type BookingEventRequest = v.InferOutput<typeof BookingEventRequest>;
export type BookingEventPayload = v.InferInput<typeof BookingEventRequest>;

/** Every order event type, in the order of the chart. */
export const ORDER_EVENT_TYPES = OrderEventRequest.options.map((option) => option.entries.type.literal);
export type OrderEventType = OrderEventRequest['type'];
/** Every booking event type, in the order of the chart. */
export const BOOKING_EVENT_TYPES = BookingEventRequest.options.map((option) => option.entries.type.literal);
export type BookingEventType = BookingEventRequest['type'];
