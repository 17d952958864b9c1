import * as v from 'valibot';
import { AddressInput } from './address.ts';
import { FORBIDDEN_TEXT, notAllowedMessage, tooLongMessage, wireText } from './text.ts';

/** The prasad card's message of a gift (docs/product-rules.md, Gift a puja). */
export const MAX_GIFT_MESSAGE_LENGTH = 200;

export const giftMessages = {
  giftInvalid: 'gift must be an object with address and message',
  giftMessageTooLong: tooLongMessage('Gift message', MAX_GIFT_MESSAGE_LENGTH),
  giftMessageInvalid: notAllowedMessage('Gift message'),
  recipientUpdatesInvalid: 'recipientUpdates must be true or false',
} as const;

/* ------------------------------------------------------------------------------------------
 * A gift (docs/product-rules.md, Gift a puja): the recipient's address, checked like the
 * address form's (contract/address.ts) but never saved in the giver's address book, and a
 * short plain-text message printed on the prasad card.
 * ---------------------------------------------------------------------------------------- */

const { isDefault: _isDefault, ...giftAddressEntries } = AddressInput.entries;

export const GiftInput = v.object(
  {
    address: v.object(giftAddressEntries, giftMessages.giftInvalid),
    message: v.pipe(
      wireText(giftMessages.giftMessageInvalid),
      v.trim(),
      v.maxLength(MAX_GIFT_MESSAGE_LENGTH, giftMessages.giftMessageTooLong),
      v.check((value) => !FORBIDDEN_TEXT.test(value), giftMessages.giftMessageInvalid),
    ),
    /**
     * The buyer ticked that the recipient agreed to hear of the puja on WhatsApp, at the gift
     * address's mobile (docs/product-rules.md, Messages to customers, Consent). Unticked: false.
     */
    recipientUpdates: v.optional(v.boolean(giftMessages.recipientUpdatesInvalid), false),
  },
  giftMessages.giftInvalid,
);
export type GiftInput = v.InferOutput<typeof GiftInput>;

/** The gift as the SPA sends it (the address form's fields as typed). */
export interface GiftDraft {
  address: Record<keyof typeof giftAddressEntries, string>;
  message: string;
  recipientUpdates?: boolean;
}

/** The words beside the gift's box, stored with the booking when it is ticked. */
export const recipientUpdatesWords = (recipientName: string): string =>
  `${recipientName.trim() || 'The recipient'} agreed to get the puja's updates on WhatsApp`;
