import type { BookingDraftPayload } from '../../contract/booking.ts';
import type { GiftDraft } from '../../contract/gift.ts';
import type { PersonDraft } from '../../contract/person.ts';
import type { PaidRecord } from '../payment/payment.actors.ts';
import { offeringLinesOf, type OfferingsContext } from './offerings.ts';

/** What of the wizard's context a booking is made of. */
export interface BookingParts extends OfferingsContext {
  pujaId: number;
  packageId: number;
  persons: PersonDraft[];
  addressId: number | null;
  gift: GiftDraft | null;
  /** The unticked "Send me updates on WhatsApp" on the payment step (docs/product-rules.md, Messages to customers, Consent). */
  whatsappUpdates?: boolean;
}

/** The booking the payment machine pays for: the draft of POST /api/bookings without its payment. */
export function bookingDraftOf(context: BookingParts): BookingDraftPayload {
  return {
    pujaId: context.pujaId,
    packageId: context.packageId,
    persons: context.persons.map((p) => ({ ...p })),
    addressId: context.gift ? null : (context.addressId ?? 0),
    offerings: offeringLinesOf(context),
    gift: context.gift
      ? {
          address: { ...context.gift.address },
          message: context.gift.message,
          ...(context.gift.recipientUpdates ? { recipientUpdates: true } : {}),
        }
      : null,
  };
}

/** What the payment machine pays for: the booking draft. */
export const wizardRecordOf = (context: BookingParts): PaidRecord => ({
  purpose: 'booking',
  booking: bookingDraftOf(context),
  ...(context.whatsappUpdates ? { whatsappUpdates: true } : {}),
});
