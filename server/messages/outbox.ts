import type { Db } from '../db/client.ts';
import { HOUR_MS, SANKALP_LOCK_HOURS, sankalpLockAt } from '../../contract/policy.ts';
import { findBookingRow, findConfirmedBookingsBefore, readBooking } from '../db/repositories/bookings.ts';
import { findOrderRow, readOrder } from '../db/repositories/orders.ts';
import { findMessagePreferences } from '../db/repositories/message-preferences.ts';
import { insertMessage } from '../db/repositories/outbox.ts';
import { findUserContact } from '../db/repositories/users.ts';
import { inTransaction } from '../db/transaction.ts';
import { toE164 } from '../../contract/messages.ts';
import type { AccountFacts, AccountTemplateName } from './account-templates.ts';
import type { GiftFacts, GiftTemplate } from './whatsapp.ts';
import type {
  BookingFacts,
  BookingTemplate,
  MessageFacts,
  OrderFacts,
  OrderTemplate,
  WaitlistFacts,
} from './templates.ts';

/**
 * Writes the customer's messages into the outbox (docs/decisions/0071): always inside the
 * transaction of the step that causes them (`trx`), so a step that rolls back leaves no message
 * and a step that commits never loses one. Nothing is sent here: the scheduler's
 * `messages.deliver` job sends them (./deliver.ts), outside every request.
 */

/** The facts a template reads, and whom the message goes to (none when the account is gone). */
interface Addressed<F extends MessageFacts> {
  facts: F;
  to: { userId: number; email: string } | undefined;
}

/** The message each step of an order's life sends, by the chart's event. */
const ORDER_STEP_TEMPLATES: Record<string, OrderTemplate> = {
  'order.pack': 'order.packed',
  'order.ship': 'order.shipped',
  'order.deliver': 'order.delivered',
  'order.cancel': 'order.cancelled',
  'order.claimDamage': 'order.claimReceived',
  'order.approveClaim': 'order.claimApproved',
  'order.rejectClaim': 'order.claimRejected',
  'refund.completed': 'order.refunded',
};

/** The message each step of a booking's life sends; a correction of the names sends none. */
const BOOKING_STEP_TEMPLATES: Record<string, BookingTemplate> = {
  'booking.lock': 'booking.locked',
  'booking.perform': 'booking.performed',
  'booking.markNotPerformed': 'booking.notPerformed',
  'booking.reschedule': 'booking.confirmed',
  'booking.changeDate': 'booking.dateChanged',
  'booking.shipPrasad': 'booking.prasadShipped',
  'booking.deliverPrasad': 'booking.prasadDelivered',
  'booking.cancel': 'booking.cancelled',
  'refund.completed': 'booking.refunded',
};

/** Whom a record's message goes to (nobody when the account is gone) and their name. */
async function customerOf(trx: Db, userId: number) {
  const contact = await findUserContact(trx, userId);
  return { to: contact && { userId, email: contact.email }, name: contact?.name ?? '' };
}

const refundFacts = (refund: { amount: number; reference: string | null } | null | undefined) =>
  refund ? { amount: refund.amount, reference: refund.reference } : null;

export async function orderFacts(
  trx: Db,
  orderId: number,
  note: string | null = null,
): Promise<Addressed<OrderFacts>> {
  const row = await findOrderRow(trx, orderId);
  if (!row) throw new Error(`Order ${orderId} not found for its message`);
  const order = await readOrder(trx, row);
  const { to, name } = await customerOf(trx, row.userId);
  return {
    to,
    facts: {
      kind: 'order',
      id: order.id,
      number: order.orderNumber,
      name,
      total: order.total,
      shipment: order.shipment ?? null,
      refund: refundFacts(order.refund),
      note,
    },
  };
}

export async function bookingFacts(
  trx: Db,
  bookingId: number,
  note: string | null = null,
): Promise<Addressed<BookingFacts>> {
  const row = await findBookingRow(trx, bookingId);
  if (!row) throw new Error(`Booking ${bookingId} not found for its message`);
  const booking = await readBooking(trx, row);
  const { to, name } = await customerOf(trx, row.userId);
  return {
    to,
    facts: {
      kind: 'booking',
      id: booking.id,
      number: booking.bookingNumber,
      name,
      pujaName: booking.puja.pujaName,
      place: booking.puja.place,
      pujaDate: booking.puja.pujaDate,
      persons: booking.persons.map((person) => person.name),
      amount: booking.amount,
      videoUrl: booking.proof?.videoUrl ?? null,
      offeredDates: booking.offeredDates,
      shipment: booking.prasad,
      refund: refundFacts(booking.refund),
      note,
    },
  };
}

/**
 * Writes the message of `template` about the record to its customer, once per `key` and channel:
 * by e-mail unless they switched it off, and by WhatsApp only when they consented to it
 * (docs/product-rules.md, Messages to customers). True when a message was written.
 */
async function queue(
  trx: Db,
  template: string,
  key: string,
  at: string,
  { facts, to }: Addressed<MessageFacts>,
): Promise<boolean> {
  if (!to) return false;
  const preferences = await findMessagePreferences(trx, to.userId);
  const message = {
    template,
    params: JSON.stringify(facts),
    userId: to.userId,
    // A waitlist offer is about no order or booking (yet).
    recordKind: facts.kind === 'waitlist' ? null : facts.kind,
    recordId: facts.kind === 'waitlist' ? null : facts.id,
    nextAttemptAt: at,
    createdAt: at,
  };
  let wrote = false;
  if (preferences.email) {
    const email = { ...message, messageKey: `${key}:email`, channel: 'email' as const, recipient: to.email };
    wrote = (await insertMessage(trx, email)) || wrote;
  }
  if (preferences.whatsapp) {
    const whatsapp = {
      ...message,
      messageKey: `${key}:whatsapp`,
      channel: 'whatsapp' as const,
      recipient: preferences.whatsapp,
    };
    wrote = (await insertMessage(trx, whatsapp)) || wrote;
  }
  return wrote;
}

/**
 * An e-mail a person asked for (a reset link, an invitation: ./account-templates.ts), written in
 * the transaction that made its token, sent whatever their message preferences.
 */
export async function queueAccountMessage(
  trx: Db,
  message: {
    template: AccountTemplateName;
    key: string;
    to: string;
    userId: number | null;
    facts: AccountFacts;
    at: Date;
  },
): Promise<void> {
  await insertMessage(trx, {
    messageKey: message.key,
    channel: 'email',
    template: message.template,
    params: JSON.stringify(message.facts),
    recipient: message.to,
    userId: message.userId,
    recordKind: null,
    recordId: null,
    nextAttemptAt: message.at.toISOString(),
    createdAt: message.at.toISOString(),
  });
}

/** Staff hear of a new order or booking at SHOP_NOTIFY_EMAIL (when set), by e-mail only. */
async function tellStaff(
  trx: Db,
  template: 'staff.newOrder' | 'staff.newBooking',
  key: string,
  at: string,
  facts: OrderFacts | BookingFacts,
  shopNotifyEmail: string | undefined,
): Promise<void> {
  if (!shopNotifyEmail) return;
  await insertMessage(trx, {
    messageKey: `${key}:staff`,
    channel: 'email',
    template,
    params: JSON.stringify(facts),
    recipient: shopNotifyEmail,
    userId: null,
    recordKind: facts.kind,
    recordId: facts.id,
    nextAttemptAt: at,
    createdAt: at,
  });
}

/** An order was placed: "Order … placed" to the customer and "New order" to staff, in the placing transaction. */
export async function queueOrderPlaced(
  trx: Db,
  orderId: number,
  at: Date,
  shopNotifyEmail?: string,
): Promise<void> {
  const addressed = await orderFacts(trx, orderId);
  const key = `order:${orderId}:placed`;
  await queue(trx, 'order.placed', key, at.toISOString(), addressed);
  await tellStaff(trx, 'staff.newOrder', key, at.toISOString(), addressed.facts, shopNotifyEmail);
}

/** A booking was made and paid: "Booking … confirmed", and "New booking" to staff, in the booking's transaction. */
export async function queueBookingConfirmed(
  trx: Db,
  bookingId: number,
  at: Date,
  shopNotifyEmail?: string,
): Promise<void> {
  const addressed = await bookingFacts(trx, bookingId);
  const key = `booking:${bookingId}:confirmed`;
  await queue(trx, 'booking.confirmed', key, at.toISOString(), addressed);
  await tellStaff(trx, 'staff.newBooking', key, at.toISOString(), addressed.facts, shopNotifyEmail);
}

/**
 * A place has opened for a waitlist entry (docs/product-rules.md, Waitlist): "A place has opened
 * for {puja} on {date}", with the pay-by time and the link into the wizard at Payment, written in
 * the offer's transaction; e-mail unless switched off, WhatsApp only with consent (as every
 * message to a customer). Once per offer (its key holds the offer's time).
 */
export async function queueWaitlistOffer(
  trx: Db,
  offer: { userId: number; facts: Omit<WaitlistFacts, 'kind' | 'name'>; at: Date },
): Promise<void> {
  const { to, name } = await customerOf(trx, offer.userId);
  const at = offer.at.toISOString();
  await queue(trx, 'waitlist.offered', `waitlist:${offer.facts.id}:offered:${at}`, at, {
    to,
    facts: { kind: 'waitlist', name, ...offer.facts },
  });
}

/**
 * A waiting entry's line closed before a place freed for it (docs/product-rules.md, Waitlist: too
 * little time was left before the date's booking closes to offer one fairly): "The waitlist for
 * {puja} on {date} has closed", nothing charged, with a link to the puja's other dates; written in
 * the lapse's transaction, once per entry.
 */
export async function queueWaitlistClosed(
  trx: Db,
  closed: { userId: number; facts: Omit<WaitlistFacts, 'kind' | 'name' | 'offerExpiresAt'>; at: Date },
): Promise<void> {
  const { to, name } = await customerOf(trx, closed.userId);
  await queue(trx, 'waitlist.closed', `waitlist:${closed.facts.id}:closed`, closed.at.toISOString(), {
    to,
    facts: { kind: 'waitlist', name, offerExpiresAt: null, ...closed.facts },
  });
}

/** How long before the names lock the "check the names" reminder goes (docs/product-rules.md, Messages to customers). */
export const NAMES_REMINDER_HOURS = 24;

/**
 * The scheduler's `messages.namesReminder` job: every confirmed booking whose names lock within
 * the next 24 hours, and that was made before that reminder time, gets its "check the names"
 * message once (its key holds the puja's time, so a booking moved to a new date is reminded
 * again). A booking made inside the 24 hours has just seen the names: it gets none.
 */
export async function queueNamesReminders(db: Db, now: Date): Promise<number> {
  const reminderLead = (SANKALP_LOCK_HOURS + NAMES_REMINDER_HOURS) * HOUR_MS;
  const horizon = new Date(now.getTime() + reminderLead).toISOString();
  let queued = 0;
  for (const booking of await findConfirmedBookingsBefore(db, horizon)) {
    const remindAt = Date.parse(booking.pujaDate) - reminderLead;
    if (Date.parse(booking.createdAt) > remindAt) continue;
    if (sankalpLockAt(booking.pujaDate) <= now.getTime()) continue;
    await inTransaction(db, async (trx) => {
      const addressed = await bookingFacts(trx, booking.id);
      addressed.facts.lockAt = new Date(sankalpLockAt(booking.pujaDate)).toISOString();
      const key = `booking:${booking.id}:checkNames:${booking.pujaDate}`;
      if (await queue(trx, 'booking.checkNames', key, now.toISOString(), addressed)) queued += 1;
    });
  }
  return queued;
}

/** The steps a gift's recipient hears of, on WhatsApp, when the buyer said they agreed. */
const GIFT_STEP_TEMPLATES: Record<string, GiftTemplate> = {
  'booking.perform': 'gift.performed',
  'booking.shipPrasad': 'gift.prasadShipped',
};

/**
 * A gift's recipient hears that the puja was performed and the prasad shipped, on WhatsApp only,
 * at the gift address's mobile, and only when the buyer ticked that the recipient agreed
 * (docs/product-rules.md, Messages to customers, Consent). It is not the buyer's message: it
 * belongs to no account.
 */
async function queueGiftMessage(
  trx: Db,
  template: GiftTemplate,
  key: string,
  at: string,
  { facts, to }: Addressed<BookingFacts>,
): Promise<void> {
  const row = await findBookingRow(trx, facts.id);
  if (!row || row.isGift !== 1 || row.giftUpdatesAt === null || !row.mobile) return;
  const gift: GiftFacts = { ...facts, name: row.recipientName ?? '', giverName: to ? facts.name : '' };
  await insertMessage(trx, {
    messageKey: `${key}:gift:whatsapp`,
    channel: 'whatsapp',
    template,
    params: JSON.stringify(gift),
    recipient: toE164(row.mobile),
    userId: null,
    recordKind: 'booking',
    recordId: facts.id,
    nextAttemptAt: at,
    createdAt: at,
  });
}

/** A move's message names the date it left and what comes back of its price (the step's data). */
function dateChangeOf(data: Record<string, unknown> | null | undefined): BookingFacts['dateChange'] {
  const from = data?.from;
  const difference = typeof data?.priceDifference === 'number' ? data.priceDifference : 0;
  if (typeof from !== 'string') return null;
  // A dearer date's difference is paid only when the customer paid it (staff waive it).
  const paid = difference > 0 && data?.difference === 'paid' ? difference : 0;
  return { from, refund: difference < 0 ? -difference : 0, paid };
}

/**
 * The message of one lifecycle step (server/services/lifecycle.ts calls it in the step's
 * transaction, after the record's new state is stored), or none for a step that sends none.
 */
export async function queueStepMessage(
  trx: Db,
  step: {
    kind: 'order' | 'booking';
    recordId: number;
    event: string;
    at: Date;
    note: string | null;
    data?: Record<string, unknown> | null;
  },
): Promise<void> {
  const template =
    step.kind === 'order' ? ORDER_STEP_TEMPLATES[step.event] : BOOKING_STEP_TEMPLATES[step.event];
  if (!template) return;
  const addressed =
    step.kind === 'order'
      ? await orderFacts(trx, step.recordId, step.note)
      : await bookingFacts(trx, step.recordId, step.note);
  if (step.event === 'booking.changeDate' && addressed.facts.kind === 'booking')
    addressed.facts.dateChange = dateChangeOf(step.data);
  const at = step.at.toISOString();
  const key = `${step.kind}:${step.recordId}:${step.event}:${at}`;
  await queue(trx, template, key, at, addressed);
  const gift = step.kind === 'booking' ? GIFT_STEP_TEMPLATES[step.event] : undefined;
  if (gift) await queueGiftMessage(trx, gift, key, at, addressed as Addressed<BookingFacts>);
}
