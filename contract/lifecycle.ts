import * as v from 'valibot';
import { policyText } from './policy.ts';
import { labelsOf, notAllowedMessage, tooLongMessage } from './text.ts';

/**
 * The life of an order and of a booking after the sale (docs/product-rules.md, Orders and
 * bookings after the sale). The rules themselves are the statecharts in
 * machines/order-lifecycle/ and machines/booking-lifecycle/, which the server runs; this module
 * holds what the SPA, the server and the machines share: the states, who acts, the events'
 * bodies as the API reads them, the labels customers read, and proof links.
 */

/* ------------------------------------------------------------------------------------------
 * Who acts, and roles
 * ---------------------------------------------------------------------------------------- */

/** A user's role (contract/roles.ts, kept apart so the session needs nothing else of this module). */
export { isStaffRole, USER_ROLES, type UserRole } from './roles.ts';

/** Who sent a lifecycle event: the customer, the shop's staff (staff or admin), or the server itself. */
export const LIFECYCLE_ACTORS = ['customer', 'staff', 'system'] as const;
export type LifecycleActor = (typeof LIFECYCLE_ACTORS)[number];

/* ------------------------------------------------------------------------------------------
 * States
 * ---------------------------------------------------------------------------------------- */

/** The states of the order lifecycle (machines/order-lifecycle/), stored as `orders.order_status`. */
export const ORDER_STATES = [
  'processing',
  'packed',
  'shipped',
  'delivered',
  'damageClaimed',
  'claimRejected',
  'cancelled',
  'refundPending',
  'refunded',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** The states of the booking lifecycle (machines/booking-lifecycle/), stored as `bookings.status`. */
export const BOOKING_STATES = [
  'confirmed',
  'sankalpLocked',
  'performed',
  'prasadShipped',
  'prasadDelivered',
  'notPerformed',
  'refundPending',
  'refunded',
] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

/** A booking holds its persons' places at the temple unless it was cancelled (docs/product-rules.md, Places at the temple). */
export const BOOKING_STATES_FREEING_PLACES = [
  'refundPending',
  'refunded',
] as const satisfies readonly BookingState[];

/** "Processing", "Damage claimed", "Refund pending"… */
export const orderStateLabels: Record<OrderState, string> = labelsOf(ORDER_STATES);
/** "Confirmed", "Sankalp locked", "Prasad shipped", "Not performed"… */
export const bookingStateLabels: Record<BookingState, string> = labelsOf(BOOKING_STATES);

/* ------------------------------------------------------------------------------------------
 * Uploads (damage photos, proof of puja)
 * ---------------------------------------------------------------------------------------- */

/** An upload's id as the server issues it: `upl_` and 24 random characters. */
export const UPLOAD_ID = /^upl_[A-Za-z0-9_-]{24}$/;
/** Photos are JPEG, PNG or WebP, sniffed from their bytes; staff may also upload MP4 or WebM video. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;
export type UploadType = (typeof IMAGE_TYPES)[number] | (typeof VIDEO_TYPES)[number];
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_VIDEO_BYTES = 50 * 1024 * 1024;
/** Uploads one customer may make in a day (damage photos): enough for honest claims, no free hosting. */
export const MAX_CUSTOMER_UPLOADS_PER_DAY = 20;
/** Photos of a performed puja, at most. */
export const MAX_PROOF_PHOTOS = 3;

/** Where an upload is served (relative to the API base): the SPA prefixes the base. */
export const uploadPath = (id: string) => `/uploads/${id}`;

export const Upload = v.object({
  id: v.string(),
  url: v.string(),
  contentType: v.picklist([...IMAGE_TYPES, ...VIDEO_TYPES]),
  size: v.number(),
});
export type Upload = v.InferOutput<typeof Upload>;
export const UploadResponse = v.object({ upload: Upload });
export type UploadResponse = v.InferOutput<typeof UploadResponse>;

/* ------------------------------------------------------------------------------------------
 * Proof-of-puja video links: an allowlist of hosts
 * ---------------------------------------------------------------------------------------- */

/** A proof video the shop accepts: a YouTube or Vimeo video, or one of the shop's own uploads. */
export type ProofVideo =
  | { kind: 'youtube'; id: string; url: string; embedUrl: string }
  | { kind: 'vimeo'; id: string; url: string; embedUrl: string }
  | { kind: 'upload'; id: string; url: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtube-nocookie.com']);
const YOUTUBE_PATH = /^\/(?:embed|shorts|live)\/([^/]+)\/?$/;

const youtube = (id: string): ProofVideo => ({
  kind: 'youtube',
  id,
  url: `https://www.youtube.com/watch?v=${id}`,
  embedUrl: `https://www.youtube-nocookie.com/embed/${id}`,
});
const vimeo = (id: string): ProofVideo => ({
  kind: 'vimeo',
  id,
  url: `https://vimeo.com/${id}`,
  embedUrl: `https://player.vimeo.com/video/${id}`,
});

/**
 * The proof video a link names, or null when its host is not on the allowlist: https YouTube
 * (watch, youtu.be, shorts, live, embed) and Vimeo (vimeo.com/<id>, player.vimeo.com/video/<id>)
 * links, and the shop's own uploads (`/uploads/upl_…`, or the same path on `ownOrigin`). What is
 * kept and shown is rebuilt from the video's id, never the link as given.
 */
export function parseProofVideo(link: string, ownOrigin?: string): ProofVideo | null {
  const text = link.trim();
  const own = /^\/uploads\/(upl_[A-Za-z0-9_-]{24})$/.exec(text);
  if (own) return { kind: 'upload', id: own[1]!, url: uploadPath(own[1]!) };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (ownOrigin && url.origin === new URL(ownOrigin).origin) {
    return url.search || url.hash ? null : parseProofVideo(url.pathname);
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  if (YOUTUBE_HOSTS.has(host)) {
    const id = url.pathname === '/watch' ? url.searchParams.get('v') : YOUTUBE_PATH.exec(url.pathname)?.[1];
    return id && YOUTUBE_ID.test(id) ? youtube(id) : null;
  }
  if (host === 'youtu.be') {
    const id = url.pathname.slice(1);
    return YOUTUBE_ID.test(id) ? youtube(id) : null;
  }
  if (host === 'vimeo.com' || host === 'www.vimeo.com') {
    const id = url.pathname.replace(/^\/|\/$/g, '');
    return VIMEO_ID.test(id) ? vimeo(id) : null;
  }
  if (host === 'player.vimeo.com') {
    const id = /^\/video\/(\d+)\/?$/.exec(url.pathname)?.[1];
    return id && VIMEO_ID.test(id) ? vimeo(id) : null;
  }
  return null;
}

/* ------------------------------------------------------------------------------------------
 * The events' bodies, as the API reads them (who sent one is the server's to say)
 * ---------------------------------------------------------------------------------------- */

export const MAX_REASON_LENGTH = 500;
export const MAX_CARRIER_LENGTH = 60;
export const TRACKING_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 -]{2,39}$/;
export const MAX_OFFERED_DATES = 3;

export const lifecycleMessages = {
  typeInvalid: 'type must be one of the lifecycle events',
  reasonRequired: 'Please give a reason',
  reasonTooLong: tooLongMessage('Reason', MAX_REASON_LENGTH),
  reasonNotAllowed: notAllowedMessage('Reason'),
  noteRequired: 'Please describe the damage',
  noteTooLong: tooLongMessage('Note', MAX_REASON_LENGTH),
  carrierRequired: 'Please name the carrier',
  carrierTooLong: tooLongMessage('Carrier', MAX_CARRIER_LENGTH),
  trackingInvalid: 'The tracking number must be 3 to 40 letters, digits, spaces or dashes',
  photoRequired: 'Please add a photo of the damage',
  photoInvalid: 'The photo must be an upload of this shop (upl_…)',
  videoRequired: 'Please give the link of the puja video',
  videoNotAllowed: 'The video link must be a YouTube or Vimeo video, or an upload of this shop',
  photosInvalid: `Proof photos must be at most ${MAX_PROOF_PHOTOS} uploads of this shop`,
  dateInvalid: 'The date must be a date and time (ISO 8601)',
  offeredDatesInvalid: `Offer at most ${MAX_OFFERED_DATES} new dates (ISO 8601)`,
  referenceTooLong: tooLongMessage('Reference', 100),
  // refusals (the machine said no): docs/product-rules.md, Orders and bookings after the sale
  notAllowed: 'You are not allowed to do this',
  wrongState: (noun: string, state: string, step: string) =>
    `This ${noun} is ${state}: ${step} is not possible now.`,
  orderCancelWindow: `Orders can be cancelled only within ${policyText.cancelWindow} of being placed, and before they ship.`,
  bookingCancelWindow: `Bookings can be cancelled only within ${policyText.cancelWindow} of payment.`,
  claimWindow: `Damage must be reported within ${policyText.damageClaimWindow} of delivery.`,
  sankalpLocked: `The sankalp is locked ${policyText.sankalpLock} before the puja; the booking can no longer be cancelled or changed.`,
  notDue: `The sankalp is locked ${policyText.sankalpLock} before the puja, not earlier.`,
  deliveryInFuture: 'The delivery time cannot be in the future.',
  deliveryBeforeShipment: 'The delivery time cannot be before the order was shipped.',
  performTooEarly: `The puja has not happened yet: it can be marked performed from ${policyText.performEarly} before its time.`,
  datesTooSoon: `Each new date must be more than ${policyText.sankalpLock} away, so the customer can still correct details.`,
  dateNotOffered: 'Please choose one of the new dates offered.',
  // moving a booking to another date of its puja: docs/product-rules.md, Rescheduling
  dateChoiceInvalid: 'Please choose another date of this puja',
  dateChangedOnce:
    'This booking has been moved to another date once already. Please contact us to move it again.',
  dateNotOfSeries: 'Please choose another date of this puja that is still open for booking.',
  noMatchingPackage: (persons: number) =>
    `That date has no package for ${persons} ${persons === 1 ? 'person' : 'persons'}. Please choose another date.`,
  dateCostsMore: (difference: string) =>
    `This date costs ${difference} more. Please pay the difference to move your booking to it.`,
  refundBeyondPayment:
    'This date costs less than the booking’s first payment can give back in part. Please cancel the booking and book the new date instead.',
  nothingToPay: 'This date costs no more: there is nothing to pay. Please move your booking without paying.',
  paymentNotForThisMove: 'This payment was made for another date change. Please pay again.',
  staffCannotTakePayment:
    'Only the customer pays the difference of a date; staff move a booking without one.',
  paymentIdInvalid: 'paymentId must be the id of the payment of the difference',
  dateChangeRefundPending:
    'The refund of your last date change is still on its way. Please try again in a few minutes.',
  conflict: 'This changed a moment ago. Please reload and try again.',
  uploadNotFound: 'The photo was not found. Please upload it again.',
  notAnImage: 'Please upload a photo (JPEG, PNG or WebP)',
  notAMedia: 'Please upload a photo (JPEG, PNG or WebP) or a video (MP4 or WebM)',
  uploadTooLarge: (mb: number) => `The file is too large (at most ${mb} MB)`,
  uploadEmpty: 'The upload is empty',
  tooManyUploads: 'You have uploaded too many files today. Please try again tomorrow.',
  staffOnly: 'This is for the shop’s staff only',
  // SPA fallbacks
  sendFailed: 'Failed to update. Please try again.',
  uploadFailed: 'Failed to upload the photo',
} as const;

/* ------------------------------------------------------------------------------------------
 * Refusals: why the lifecycle said no (always 409 with {message, code})
 * ---------------------------------------------------------------------------------------- */

export const LIFECYCLE_CODES = [
  /** The record is in a state where this step does not exist (shipped orders cannot be cancelled). */
  'lifecycle_wrong_state',
  /** The step exists, but not for this sender (a customer shipping, staff locking a sankalp). */
  'lifecycle_not_allowed',
  /** The policy window has passed (cancelling after 1 hour, claiming damage after 24 hours). */
  'lifecycle_window_passed',
  /** The sankalp is locked (or due to be): details and cancellation are closed. */
  'lifecycle_sankalp_locked',
  /** The sankalp is not due to be locked yet. */
  'lifecycle_not_due',
  /** The step's data does not fit (a date not offered, a delivery time still to come). */
  'lifecycle_invalid',
  /** Another step changed the record meanwhile: nothing was done, reload and try again. */
  'lifecycle_conflict',
] as const;
export type LifecycleCode = (typeof LIFECYCLE_CODES)[number];

export interface LifecycleRefusal {
  code: LifecycleCode;
  message: string;
}

/** What each step is called in a refusal: "This order is shipped: cancelling it is not possible now." */
export const stepLabels: Record<string, string> = {
  'order.pack': 'packing it',
  'order.ship': 'shipping it',
  'order.deliver': 'marking it delivered',
  'order.cancel': 'cancelling it',
  'order.claimDamage': 'reporting damage',
  'order.approveClaim': 'approving a claim',
  'order.rejectClaim': 'rejecting a claim',
  'refund.completed': 'recording a refund',
  'booking.cancel': 'cancelling it',
  'booking.correctPersons': 'correcting the person details',
  'booking.changeDate': 'moving it to another date',
  'booking.lock': 'locking the sankalp',
  'booking.perform': 'marking it performed',
  'booking.markNotPerformed': 'marking it not performed',
  'booking.reschedule': 'moving it to a new date',
  'booking.requestRefund': 'asking for a refund',
  'booking.shipPrasad': 'shipping the prasad',
  'booking.deliverPrasad': 'marking the prasad delivered',
};

/* ------------------------------------------------------------------------------------------
 * The timeline: one entry per stored event
 * ---------------------------------------------------------------------------------------- */

export const TimelineEntry = v.object({
  id: v.number(),
  at: v.string(),
  /** null for the record's first entry (placed or booked). */
  from: v.nullable(v.string()),
  to: v.string(),
  /** The event's type, e.g. `order.ship`; `order.placed` / `booking.placed` for the first entry. */
  event: v.string(),
  by: v.picklist(LIFECYCLE_ACTORS),
  /** The reason or note given with it. */
  note: v.nullable(v.string()),
  /** What came with it (carrier and tracking number, offered dates, the date moved to, a refund). */
  data: v.nullable(v.record(v.string(), v.unknown())),
});
export type TimelineEntry = v.InferOutput<typeof TimelineEntry>;

/** What a timeline entry is called on the customer's pages. */
export const timelineLabels: Record<string, string> = {
  'order.placed': 'Order placed',
  'order.pack': 'Packed',
  'order.ship': 'Shipped',
  'order.deliver': 'Delivered',
  'order.cancel': 'Cancelled',
  'order.claimDamage': 'Damage reported',
  'order.approveClaim': 'Damage claim approved',
  'order.rejectClaim': 'Damage claim rejected',
  'refund.completed': 'Refund issued',
  'booking.placed': 'Booking confirmed',
  'booking.cancel': 'Cancelled',
  'booking.correctPersons': 'Person details corrected',
  'booking.changeDate': 'Moved to another date',
  'booking.lock': 'Sankalp locked',
  'booking.perform': 'Puja performed',
  'booking.markNotPerformed': 'Puja could not be performed',
  'booking.reschedule': 'Moved to a new date',
  'booking.requestRefund': 'Refund requested',
  'booking.shipPrasad': 'Prasad shipped',
  'booking.deliverPrasad': 'Prasad delivered',
};

/** Who did it, as the customer reads it. */
export const actorLabels: Record<LifecycleActor, string> = {
  customer: 'You',
  staff: 'The shop',
  system: 'Automatically',
};

/** A refund's state as the customer sees it (docs/product-rules.md, Cancellation and refunds). */
export const Refund = v.object({
  amount: v.number(),
  status: v.picklist(['pending', 'refunded']),
  /** When the gateway took it back (null while pending). */
  refundedAt: v.nullable(v.string()),
  reference: v.nullable(v.string()),
});
export type Refund = v.InferOutput<typeof Refund>;

export const Shipment = v.object({ carrier: v.string(), trackingNumber: v.string() });
export type Shipment = v.InferOutput<typeof Shipment>;
