import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { WaitlistState } from '../../contract/waitlist.ts';
import type { BookingPaymentStatus } from '../../contract/booking.ts';
import type { BookingPaymentMethod } from '../../contract/payment-methods.ts';
import type { Nakshatra, Raashi } from '../../contract/raashi-nakshatra.ts';
import type {
  BookingState,
  LifecycleActor,
  OrderState,
  UploadType,
  UserRole,
} from '../../contract/lifecycle.ts';
import type { PaymentStatus } from '../../contract/orders.ts';
import type { PaymentMethod } from '../../contract/payment-methods.ts';
import type { Relation } from '../../contract/family.ts';
import type { OfferingDelivery } from '../../contract/offerings.ts';
import type {
  AddedLater,
  AstrologerTable,
  AuditLogTable,
  CategoryTable,
  PackageTable,
  ProductTable,
  PujaOfferingTable,
  PujaTable,
  StaffInvitationsTable,
  StockLedgerTable,
} from './catalogue-types.ts';
import type { CaptureMethod, PaymentPurpose, PaymentState } from '../../contract/payments.ts';
import type { MessageChannel, MessageStatus } from '../../contract/messages.ts';

/**
 * Tables as the code sees them (CamelCasePlugin maps them to snake_case columns). The catalogue's
 * and the back office's own tables are in ./catalogue-types.ts, which Database composes.
 */
/**
 * One counter of the abuse limits (server/limits/): points in the current window and when the
 * window (or block) ends, in ms since the epoch. PostgreSQL's bigint arrives as a string.
 */
export interface AbuseCountersTable {
  key: string;
  points: number;
  expire: ColumnType<number | string | null, number | null, number | null>;
}

export interface Database {
  puja: PujaTable;
  pujaPackage: PackageTable;
  category: CategoryTable;
  product: ProductTable;
  astrologer: AstrologerTable;
  users: UsersTable;
  sessions: SessionsTable;
  addresses: AddressesTable;
  coupons: CouponsTable;
  orders: OrdersTable;
  orderItems: OrderItemsTable;
  bookings: BookingsTable;
  bookingPersons: BookingPersonsTable;
  abuseCounters: AbuseCountersTable;
  payments: PaymentsTable;
  paymentHistory: PaymentHistoryTable;
  passwordResets: PasswordResetsTable;
  orderEvents: OrderEventsTable;
  bookingEvents: BookingEventsTable;
  scheduledJobs: ScheduledJobsTable;
  uploads: UploadsTable;
  stockLedger: StockLedgerTable;
  auditLog: AuditLogTable;
  staffInvitations: StaffInvitationsTable;
  familyProfiles: FamilyProfilesTable;
  pujaOffering: PujaOfferingTable;
  bookingOfferings: BookingOfferingsTable;
  outbox: OutboxTable;
  messagePreferences: MessagePreferencesTable;
  messageConsents: MessageConsentsTable;
  waitlistEntries: WaitlistEntriesTable;
  waitlistEvents: WaitlistEventsTable;
  seedSteps: SeedStepsTable;
}

/** A one-off step of the seed this shop has taken (server/db/seed/seed.ts), so it is never taken twice. */
export interface SeedStepsTable {
  name: string;
  doneAt: string;
}

/** One devotee's place in the line of a full puja date (machines/waitlist/; docs/product-rules.md, Waitlist). */
export interface WaitlistEntriesTable {
  id: Generated<number>;
  userId: number;
  pujaId: number;
  packageId: number;
  /** The persons the draft names: the places an offer holds. */
  persons: number;
  /** The booking draft as joined (JSON). */
  draft: string;
  status: WaitlistState;
  offeredAt: string | null;
  offerExpiresAt: string | null;
  bookingId: number | null;
  createdAt: string;
  updatedAt: string;
}
export type WaitlistEntryRow = Selectable<WaitlistEntriesTable>;

export interface WaitlistEventsTable extends LifecycleEventColumns {
  entryId: number;
}

/** A customer's saved family member (docs/product-rules.md, Family profiles). */
export interface FamilyProfilesTable {
  id: Generated<number>;
  userId: number;
  relation: Relation;
  name: string;
  dateOfBirth: string;
  /** '' when not known. */
  birthTime: string;
  birthTimeKnown: number;
  birthPlace: string;
  birthPlaceKnown: number;
  raashi: Raashi;
  /** "" is not known (docs/decisions/0060-a-booking-without-the-nakshatra.md). */
  nakshatra: Nakshatra | '';
  gothra: string;
  /** 1: the devotee did not know it, and `gothra` is the customary one. */
  gothraNotKnown: number;
  createdAt: string;
  updatedAt: string;
}
export type FamilyProfileRow = Selectable<FamilyProfilesTable>;

/** An offering a booking paid for, as priced then. */
export interface BookingOfferingsTable {
  id: Generated<number>;
  bookingId: number;
  offeringId: number;
  name: string;
  unit: string;
  price: number;
  quantity: number;
  delivery: OfferingDelivery;
}
export type BookingOfferingRow = Selectable<BookingOfferingsTable>;

export interface UsersTable {
  id: Generated<number>;
  name: string;
  /** Trimmed and lower-cased; unique. */
  email: string;
  phone: string | null;
  /** `scrypt$N$r$p$salt$hash` (base64); never leaves the server. */
  passwordHash: string;
  /** customer unless made staff or admin on the command line. */
  role: Generated<UserRole>;
  createdAt: string;
}

/** One row per issued sign-in token (id = the token's jti); logout deletes it. */
export interface SessionsTable {
  id: string;
  userId: number;
  createdAt: string;
  expiresAt: string;
}

/** One e-mailed password-reset link; only the token's SHA-256 (hex) is kept. */
export interface PasswordResetsTable {
  tokenHash: string;
  userId: number;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

/** Where a parcel goes: a saved address's columns, and the copy an order or a booking keeps. */
export interface PostalColumns {
  /** null on addresses saved before recipients, mobiles and areas were asked for. */
  recipientName: string | null;
  mobile: string | null;
  street: string;
  area: string | null;
  landmark: string | null;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

export interface AddressesTable extends PostalColumns {
  id: Generated<number>;
  userId: number;
  /** 0 or 1; at most one 1 per user. */
  isDefault: number;
  createdAt: string;
}

export type UserRow = Selectable<UsersTable>;
export type AddressRow = Selectable<AddressesTable>;

export interface CouponsTable {
  id: Generated<number>;
  /** Upper-case; unique. */
  code: string;
  kind: 'percent' | 'flat';
  /** Percent (1..100) or rupees off. */
  value: number;
  /** The smallest subtotal (rupees) the coupon applies to. */
  minSubtotal: Generated<number>;
  /** Cap on a percent discount, in rupees; null = no cap. */
  maxDiscount: number | null;
  /** ISO 8601; the coupon stops working at this instant. Null = never expires. */
  expiresAt: string | null;
  /** How many orders may use it in all; null = unlimited. */
  usageLimit: number | null;
  timesUsed: Generated<number>;
  /** 0 or 1. */
  active: Generated<number>;
  createdAt: string;
  /** ISO 8601; the coupon works from this instant. Null = from its creation. */
  startsAt: AddedLater<string>;
  /** How many orders one customer may use it on; null = no limit of its own. */
  perCustomerLimit: AddedLater<number>;
  version: Generated<number>;
}

/**
 * The address an order or a booking keeps as it was when it was made (docs/product-rules.md,
 * Addresses); server/db/repositories/address-copy.ts writes and reads it for both.
 */
export interface AddressCopyColumns extends PostalColumns {
  addressId: number;
  /** 0 or 1: whether the address was the customer's default then. */
  addressIsDefault: number;
}

export interface OrdersTable extends AddressCopyColumns {
  id: Generated<number>;
  orderNumber: string;
  userId: number;
  subtotal: number;
  shipping: number;
  discount: number;
  total: number;
  couponCode: string | null;
  paymentMethod: PaymentMethod;
  paymentId: string | null;
  paymentStatus: PaymentStatus;
  /** The order lifecycle's state (machines/order-lifecycle/). */
  orderStatus: OrderState;
  notes: string | null;
  idempotencyKey: string | null;
  /** SHA-256 (hex) of the normalised request, to tell a retry from a different order. */
  requestHash: string | null;
  createdAt: string;
  /** What the lifecycle's steps recorded: the shipment, the delivery, a damage claim. */
  shipmentCarrier: AddedLater<string>;
  shipmentTrackingNumber: AddedLater<string>;
  deliveredAt: AddedLater<string>;
  claimNote: AddedLater<string>;
  claimPhotoId: AddedLater<string>;
  claimedAt: AddedLater<string>;
}

export interface OrderItemsTable {
  id: Generated<number>;
  orderId: number;
  productId: number;
  name: string;
  image: string;
  unitPrice: number;
  quantity: number;
  /** JSON {size?, color?} or null. */
  variant: string | null;
}

export type CouponRow = Selectable<CouponsTable>;
export type NewCoupon = Insertable<CouponsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;

export interface BookingsTable extends AddressCopyColumns {
  id: Generated<number>;
  /** e.g. PUJ-20261122-000007; unique. */
  bookingNumber: string;
  userId: number;
  pujaId: number;
  packageId: number;
  /** Snapshots of the puja and package when booked. */
  pujaName: string;
  pujaPlace: string;
  pujaDate: string;
  pujaImage: string;
  packageTitle: string;
  packageNoPersons: number;
  /** The package's offer price when booked (whole rupees). */
  amount: number;
  paymentMethod: BookingPaymentMethod;
  paymentId: string;
  paymentStatus: BookingPaymentStatus;
  /** The booking lifecycle's state (machines/booking-lifecycle/). */
  status: BookingState;
  idempotencyKey: string | null;
  /** SHA-256 (hex) of the normalised request, to tell a retry from a different booking. */
  requestHash: string | null;
  createdAt: string;
  /** What the lifecycle's steps recorded. JSON array of ISO instants. */
  offeredDates: Generated<string>;
  proofVideoUrl: AddedLater<string>;
  /** JSON array of upload ids. */
  proofPhotoIds: AddedLater<string>;
  prasadCarrier: AddedLater<string>;
  prasadTrackingNumber: AddedLater<string>;
  /** 1 for a gift: the address is the recipient's, typed in (`addressId` 0), with a card message. */
  isGift: Generated<number>;
  giftMessage: AddedLater<string>;
  /** A gift's recipient agreed to WhatsApp updates: when, and the words (null: not agreed). */
  giftUpdatesAt: AddedLater<string>;
  giftUpdatesWords: AddedLater<string>;
  /** The package's offer price when booked; `amount` adds the offerings. */
  packageAmount: AddedLater<number>;
  /** How many times the customer moved it to another date (docs/product-rules.md, Rescheduling). */
  dateChanges: Generated<number>;
  /** A cheaper date's difference still waiting for the gateway's refund; null when none. */
  dateChangeRefundDue: AddedLater<number>;
  /** The payment of a dearer date's difference (docs/decisions/0077); null when none was paid. */
  dateChangePaymentId: AddedLater<string>;
}

export interface BookingPersonsTable {
  id: Generated<number>;
  bookingId: number;
  /** 1-based, in the order entered. */
  position: number;
  name: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
  /** HH:MM (24-hour); '' when not known. */
  birthTime: string;
  /** 1, or 0 when the devotee does not know it (docs/product-rules.md, Persons). */
  birthTimeKnown: Generated<number>;
  /** '' when not known. */
  birthPlace: string;
  birthPlaceKnown: Generated<number>;
  raashi: Raashi;
  /** "" is not known, as in bookingPersons. */
  nakshatra: Nakshatra | '';
  gothra: string;
  /** The name and gothra in the temple's script as corrected by hand; null: from the Latin. */
  nameInScript: string | null;
  gothraInScript: string | null;
}

export type BookingRow = Selectable<BookingsTable>;
export type BookingPersonRow = Selectable<BookingPersonsTable>;

export interface PaymentsTable {
  /** pay_<random>. */
  id: string;
  userId: number;
  /** As stored: a date change's payment is stored 'booking' with its move's columns set (purposeOf). */
  purpose: Exclude<PaymentPurpose, 'dateChange'>;
  /** The server's price for the order or booking it was created for (whole rupees). */
  amount: number;
  currency: 'INR';
  status: PaymentState;
  method: CaptureMethod | null;
  providerPaymentId: string | null;
  /** The provider's HMAC over intent id and provider payment id (hex). */
  signature: string | null;
  refundId: string | null;
  /** The order or booking it paid for, once used. */
  orderId: number | null;
  bookingId: number | null;
  expiresAt: string;
  createdAt: string;
  /** What was given back of it in part while used (a booking moved to a cheaper date). */
  refundedPart: ColumnType<number, number | undefined, number>;
  /** A dearer date's difference: the booking it moves and the date (puja record) it moves to. */
  dateChangeBookingId: AddedLater<number>;
  dateChangePujaId: AddedLater<number>;
}

export interface PaymentHistoryTable {
  id: Generated<number>;
  paymentId: string;
  fromStatus: PaymentState | null;
  toStatus: PaymentState;
  at: string;
  note: string | null;
}

export type PaymentRow = Selectable<PaymentsTable>;
export type PaymentHistoryRow = Selectable<PaymentHistoryTable>;

/** One step of an order's or a booking's life (server/services/lifecycle.ts). */
interface LifecycleEventColumns {
  id: Generated<number>;
  /** null for the record's first row. */
  fromState: string | null;
  toState: string;
  event: string;
  actor: LifecycleActor;
  /** Who sent it (null for the server's own steps). */
  actorUserId: number | null;
  at: string;
  note: string | null;
  /** JSON object, or null. */
  data: string | null;
}
export interface OrderEventsTable extends LifecycleEventColumns {
  orderId: number;
}
export interface BookingEventsTable extends LifecycleEventColumns {
  bookingId: number;
}
export type LifecycleEventRow = Selectable<OrderEventsTable> | Selectable<BookingEventsTable>;

/** One job of the scheduler (server/jobs/scheduler.ts) and its lease. */
export interface ScheduledJobsTable {
  name: string;
  nextRunAt: string;
  leaseOwner: string | null;
  leaseUntil: string | null;
  lastStartedAt: string | null;
  lastFinishedAt: string | null;
  lastError: string | null;
  runs: Generated<number>;
}

/** An uploaded photo or video; its bytes are the file DATA_DIR/uploads/<id>. */
export interface UploadsTable {
  id: string;
  userId: number;
  contentType: UploadType;
  size: number;
  sha256: string;
  createdAt: string;
}
export type UploadRow = Selectable<UploadsTable>;

export type StaffInvitationRow = Selectable<StaffInvitationsTable>;

/**
 * One message waiting to be sent, sent or failed (server/messages/; docs/decisions/0071): its
 * template and facts, the address it goes to, and how its delivery stands.
 */
export interface OutboxTable {
  id: Generated<number>;
  messageKey: string;
  channel: MessageChannel;
  template: string;
  /** The template's facts as JSON. */
  params: string;
  recipient: string;
  userId: number | null;
  recordKind: 'order' | 'booking' | null;
  recordId: number | null;
  status: Generated<MessageStatus>;
  attempts: Generated<number>;
  nextAttemptAt: string;
  claimedUntil: string | null;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}
export type OutboxRow = Selectable<OutboxTable>;
export type NewOutboxRow = Insertable<OutboxTable>;

/** What one customer agreed to hear (docs/product-rules.md, Messages to customers); no row: e-mail on, WhatsApp off. */
export interface MessagePreferencesTable {
  userId: number;
  /** 1: e-mails about their orders and bookings are sent; 0: switched off. */
  emailEnabled: number;
  /** E.164 ("+919845012345") while WhatsApp is consented to; null when never given or withdrawn. */
  whatsappMobile: string | null;
  updatedAt: string;
}

/** Every consent given (granted 1) or withdrawn (0), with the words shown and when. */
export interface MessageConsentsTable {
  id: Generated<number>;
  userId: number;
  channel: MessageChannel;
  granted: number;
  words: string;
  mobile: string | null;
  /** Where it was given: sign-up, account, checkout, booking, preferences-link. */
  source: string;
  at: string;
}
export type MessageConsentRow = Selectable<MessageConsentsTable>;
