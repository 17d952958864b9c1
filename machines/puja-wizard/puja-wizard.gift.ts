import * as v from 'valibot';
import { GiftInput, type GiftDraft } from '../../contract/gift.ts';
import { addressFields } from '../address-book/address-book.form.ts';

/**
 * The wizard's gift form (docs/product-rules.md, Gift a puja): the recipient's address and the
 * card's message. Pure functions from the form and an event's fields to its new values; the
 * chart (puja-wizard.machine.ts) decides when they run.
 */

/**
 * The gift form's address fields: the address form's own, in its order (the PIN before the city
 * and state), so both forms show the same fields.
 */
export const GIFT_ADDRESS_FIELDS = addressFields;
export type GiftField = (typeof GIFT_ADDRESS_FIELDS)[number] | 'message';
export type GiftErrors = Partial<Record<GiftField, string>>;

/** The gift form as the wizard's context holds it. */
export interface GiftFormContext {
  /** A gift (null: the prasad goes to one of the customer's addresses). */
  gift: GiftDraft | null;
  giftErrors: GiftErrors;
  /** A gift cleared by unticking "Gift this puja", brought back by ticking it again. */
  giftSetAside: GiftDraft | null;
  /** The gift's messages show after a refused Next. */
  showGiftErrors: boolean;
}

/** The events of the gift form. */
export type GiftFormEvent =
  /** "Gift this puja" ticked or cleared (the address step). */
  | { type: 'gift.toggled'; gift: boolean }
  | { type: 'gift.changed'; field: GiftField; value: string }
  /** The recipient agreed to get the puja's updates on WhatsApp (unticked until the buyer ticks it). */
  | { type: 'gift.recipientUpdatesChanged'; agreed: boolean };

export const emptyGift = (): GiftDraft => ({
  address: {
    recipientName: '',
    mobile: '',
    street: '',
    area: '',
    landmark: '',
    city: '',
    state: '',
    postalCode: '',
    country: 'India',
  },
  message: '',
});

/** A stored gift's text fields, or null when there is none. */
export function restoreGift(saved: unknown): GiftDraft | null {
  if (saved === null || typeof saved !== 'object') return null;
  const { address, message } = saved as { address?: unknown; message?: unknown };
  if (address === null || typeof address !== 'object') return null;
  const gift = emptyGift();
  for (const field of GIFT_ADDRESS_FIELDS) {
    const value = (address as Record<string, unknown>)[field];
    if (typeof value === 'string') gift.address[field] = value;
  }
  if (typeof message === 'string') gift.message = message;
  return gift;
}

/** Each gift field's first problem, by the server's own schema (contract/booking.ts, GiftInput). */
export function validateGift(gift: GiftDraft): GiftErrors {
  const result = v.safeParse(GiftInput, gift);
  if (result.success) return {};
  const errors: GiftErrors = {};
  for (const issue of result.issues) {
    const path = (issue.path ?? []).map((item) => String(item.key));
    const field = (path[0] === 'address' ? path[1] : path[0]) as GiftField | undefined;
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/** The form a wizard starts with: the draft's gift, if any, validated; its messages hidden. */
export function startGiftForm(saved: unknown): GiftFormContext {
  const gift = restoreGift(saved);
  return { gift, giftErrors: gift ? validateGift(gift) : {}, giftSetAside: null, showGiftErrors: false };
}

/** Ticked, the gift as it was (or a fresh one); cleared, what was typed is set aside, to come back. */
export function toggleGift(context: GiftFormContext, gifted: boolean): GiftFormContext {
  const gift = gifted ? (context.gift ?? context.giftSetAside ?? emptyGift()) : null;
  return {
    gift,
    giftSetAside: gifted ? null : context.gift,
    giftErrors: gift ? validateGift(gift) : {},
    showGiftErrors: false,
  };
}

/** A field of the gift typed, or the recipient's agreement to WhatsApp ticked or cleared. */
export function changeGift(
  context: GiftFormContext,
  event: Extract<GiftFormEvent, { type: 'gift.changed' | 'gift.recipientUpdatesChanged' }>,
): Partial<GiftFormContext> {
  if (!context.gift) return {};
  if (event.type === 'gift.recipientUpdatesChanged')
    return { gift: { ...context.gift, recipientUpdates: event.agreed } };
  const gift: GiftDraft =
    event.field === 'message'
      ? { ...context.gift, message: event.value }
      : (GIFT_ADDRESS_FIELDS as readonly string[]).includes(event.field)
        ? { ...context.gift, address: { ...context.gift.address, [event.field]: event.value } }
        : context.gift;
  return { gift, giftErrors: validateGift(gift) };
}

/** The gift's address passes the server's schema. */
export const isGiftValid = (context: GiftFormContext) => Object.keys(context.giftErrors).length === 0;
