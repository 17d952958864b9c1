import { bookingMessages, type BookingCreateRequest, type BookingDraft } from '../../contract/booking.ts';
import type { Db } from '../db/client.ts';
import { addressCopyOf } from '../db/repositories/address-copy.ts';
import { insertLifecycleEvent } from '../db/repositories/lifecycle-events.ts';
import { findBookingByKey, insertBooking } from '../db/repositories/bookings.ts';
import { lockPujaPlaces } from '../db/repositories/places.ts';
import { paidWrite, type PaidSubmit, type PaidWriteResult, type PaymentClaim } from './paid-write.ts';
import { quoteBooking } from './booking-quote.ts';
import { bookingNumber } from './reference-number.ts';
import { bookingRequestHash } from './request-fingerprint.ts';
import { queueBookingConfirmed } from '../messages/outbox.ts';
import { accountMessagesMessages } from '../../contract/account-messages.ts';
import { recipientUpdatesWords } from '../../contract/gift.ts';
import { findUserPhone } from '../db/repositories/users.ts';
import { consentToWhatsapp } from './message-preferences.ts';
import { bookOfferedEntry } from './waitlist.ts';

/**
 * Makes a booking inside the caller's transaction: checked again (quoteBooking) as things are
 * inside the transaction, the puja, package and address snapshotted, the booking and its
 * persons inserted, and its payment claimed for exactly the package's price. Any refusal rolls
 * all of it back.
 */
export async function makeBooking(
  trx: Db,
  {
    userId,
    draft,
    claim,
    idempotencyKey,
    requestHash,
    now,
    shopNotifyEmail,
    whatsappUpdates = false,
  }: {
    userId: number;
    draft: BookingDraft;
    /** Ticked "Send me updates on WhatsApp": consent given with the booking. */
    whatsappUpdates?: boolean;
    claim: PaymentClaim;
    idempotencyKey: string | null;
    requestHash: string | null;
    now: Date;
    /** SHOP_NOTIFY_EMAIL: staff hear of it there. */
    shopNotifyEmail?: string | undefined;
  },
): Promise<number> {
  // The date's last places are counted by one booking at a time (docs/decisions/0075).
  await lockPujaPlaces(trx, draft.pujaId);
  const { puja, pkg, address, offerings, amount } = await quoteBooking(trx, userId, draft, now);
  if (claim.paymentId === null) throw new Error('A booking is always paid online');
  const id = await insertBooking(
    trx,
    {
      userId,
      pujaId: puja.id,
      packageId: pkg.id,
      pujaName: puja.pujaName,
      pujaPlace: puja.place,
      pujaDate: puja.pujaDate,
      pujaImage: puja.image,
      packageTitle: pkg.title,
      packageNoPersons: pkg.noPersons,
      // The server's price, whatever the client believed it to be.
      amount,
      packageAmount: pkg.offerPrice,
      isGift: draft.gift !== null ? 1 : 0,
      giftMessage: draft.gift?.message ?? null,
      // The recipient agreed to hear of the puja: the words the buyer ticked, and when.
      ...(draft.gift?.recipientUpdates
        ? {
            giftUpdatesAt: now.toISOString(),
            giftUpdatesWords: recipientUpdatesWords(draft.gift.address.recipientName),
          }
        : {}),
      paymentMethod: 'online',
      paymentId: claim.paymentId,
      paymentStatus: 'completed',
      status: 'confirmed',
      ...addressCopyOf(address),
      idempotencyKey,
      requestHash,
      createdAt: now.toISOString(),
    },
    draft.persons,
    (bookingId) => bookingNumber(bookingId, now),
    offerings,
  );
  await claim.use(amount, { bookingId: id });
  // The places a waitlist offer held for this customer are now this booking's (docs/product-rules.md, Waitlist).
  await bookOfferedEntry(trx, { userId, pujaId: puja.id, bookingId: id, at: now });
  // The first step of its life (machines/booking-lifecycle/ starts in `confirmed`).
  await insertLifecycleEvent(trx, 'booking', {
    recordId: id,
    fromState: null,
    toState: 'confirmed',
    event: 'booking.placed',
    actor: 'customer',
    actorUserId: userId,
    at: now.toISOString(),
    note: null,
    data: null,
  });
  // Consent first, so the booking's own messages know of it (docs/product-rules.md, Messages to
  // customers, Consent): the prasad address's mobile, or for a gift (the prasad goes to the
  // recipient) the account's phone. Without one the whole booking is refused, its payment given back.
  if (whatsappUpdates) {
    if (draft.gift !== null)
      await consentToWhatsapp(
        trx,
        userId,
        await findUserPhone(trx, userId),
        'booking',
        now,
        accountMessagesMessages.whatsappNeedsAccountPhone,
      );
    else await consentToWhatsapp(trx, userId, address.mobile, 'booking', now);
  }
  // The customer hears of it: the message is written with the booking, sent later (server/messages/).
  await queueBookingConfirmed(trx, id, now, shopNotifyEmail);
  return id;
}

/**
 * POST /api/bookings: makes the customer's booking through the one paid, idempotent write
 * (paid-write.ts), paid by the captured payment `paymentId` names.
 */
export function submitBooking(submit: PaidSubmit<BookingCreateRequest>): Promise<PaidWriteResult> {
  const { db, userId, input, idempotencyKey, now, shopNotifyEmail } = submit;
  const hash = bookingRequestHash(input);
  return paidWrite({
    ...submit,
    requestHash: hash,
    findByKey: (key) => findBookingByKey(db, userId, key),
    keyReusedMessage: bookingMessages.idempotencyMismatch,
    payment: { id: input.paymentId, purpose: 'booking' },
    check: (reader) => quoteBooking(reader, userId, input, now),
    write: (trx, claim) =>
      makeBooking(trx, {
        userId,
        draft: input,
        claim,
        idempotencyKey,
        requestHash: idempotencyKey === null ? null : hash,
        now,
        shopNotifyEmail,
        whatsappUpdates: input.whatsappUpdates,
      }),
  });
}
