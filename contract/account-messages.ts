import * as v from 'valibot';
import { addressMessages } from './address.ts';
import {
  MESSAGE_CHANNELS,
  MESSAGE_STATUSES,
  WHATSAPP_CONSENT_WORDS,
  WHATSAPP_NEEDS_MOBILE,
  WhatsappUpdates,
} from './messages.ts';
import { isIndianMobile, normaliseMobile } from './mobile.ts';

/* ------------------------------------------------------------------------------------------
 * The customer's Messages section (docs/product-rules.md, Messages to customers, Consent): the
 * channels they hear from the shop by, and the messages sent to them. The same preferences are
 * read and changed through the signed link every e-mail carries, without signing in.
 * ---------------------------------------------------------------------------------------- */

export { isIndianMobile, WHATSAPP_CONSENT_WORDS, WhatsappUpdates };

/** The most messages the section lists, newest first. */
export const MAX_LISTED_MESSAGES = 100;

export const accountMessagesMessages = {
  emailInvalid: 'email must be true or false',
  whatsappInvalid: 'whatsapp must be an object with mobile, or null',
  whatsappUpdatesInvalid: 'whatsappUpdates must be true or false',
  /** Ticked at sign-up, checkout or booking without a mobile to send to. */
  whatsappNeedsMobile: WHATSAPP_NEEDS_MOBILE,
  /** A gift's booking ticked, and the account has no mobile (the prasad goes to the recipient). */
  whatsappNeedsAccountPhone:
    'Add your mobile number to your profile to get updates on WhatsApp for a gift, or untick the box',
  linkInvalid:
    'This link to your message preferences is not valid. Please use the link in our latest e-mail.',
  tooManyLinkUses: (minutes: number) =>
    `Too many requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  saved: 'Your message preferences are saved',
  // the SPA's fallbacks (docs/product-rules.md, Messages and errors)
  loadFailed: 'Failed to fetch your messages',
  saveFailed: 'Failed to save your message preferences',
} as const;

/** A 10-digit Indian mobile as people write it, normalised (contract/address.ts). */
export const WhatsappMobile = v.pipe(
  v.string(addressMessages.mobileInvalid),
  v.trim(),
  v.nonEmpty(addressMessages.mobileRequired),
  v.maxLength(20, addressMessages.mobileInvalid),
  v.transform(normaliseMobile),
  v.regex(/^[6-9]\d{9}$/, addressMessages.mobileInvalid),
);

/**
 * PUT /api/account/messages/preferences and PUT /api/messages/preferences/{token}: e-mail on or
 * off; WhatsApp given with the mobile to send to, or withdrawn with null. Absent: unchanged.
 */
export const PreferencesInput = v.object({
  email: v.optional(v.boolean(accountMessagesMessages.emailInvalid)),
  whatsapp: v.optional(
    v.nullable(v.object({ mobile: WhatsappMobile }, accountMessagesMessages.whatsappInvalid)),
  ),
});
export type PreferencesInput = v.InferOutput<typeof PreferencesInput>;
export type PreferencesPayload = v.InferInput<typeof PreferencesInput>;

/** The channels as the customer sees them: the mobile masked but for its last five digits. */
export const MessagePreferencesView = v.object({
  email: v.boolean(),
  whatsapp: v.nullable(v.object({ mobile: v.string() })),
});
export type MessagePreferencesView = v.InferOutput<typeof MessagePreferencesView>;

/** "•••••12345": enough for the customer to recognise their number, not enough to read it off a screen. */
export const maskMobile = (mobile: string): string => `•••••${mobile.replace(/\D/g, '').slice(-5)}`;

export const CHANNEL_LABELS: Record<(typeof MESSAGE_CHANNELS)[number], string> = {
  email: 'E-mail',
  whatsapp: 'WhatsApp',
};

export const STATUS_LABELS: Record<(typeof MESSAGE_STATUSES)[number], string> = {
  queued: 'Waiting to be sent',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Not delivered',
};

export const SentMessage = v.object({
  id: v.number(),
  channel: v.picklist(MESSAGE_CHANNELS),
  template: v.string(),
  label: v.string(),
  status: v.picklist(MESSAGE_STATUSES),
  createdAt: v.string(),
  sentAt: v.nullable(v.string()),
  recordKind: v.nullable(v.picklist(['order', 'booking'])),
  recordId: v.nullable(v.number()),
});
export type SentMessage = v.InferOutput<typeof SentMessage>;

/** GET /api/account/messages. */
export const AccountMessagesResponse = v.object({
  preferences: MessagePreferencesView,
  messages: v.array(SentMessage),
});
export type AccountMessagesResponse = v.InferOutput<typeof AccountMessagesResponse>;

/** PUT .../preferences, and GET /api/messages/preferences/{token} (with whose they are). */
export const PreferencesResponse = v.object({ preferences: MessagePreferencesView });
export type PreferencesResponse = v.InferOutput<typeof PreferencesResponse>;

export const LinkPreferencesResponse = v.object({
  /** The customer's first name, so the page can say whose preferences these are. */
  name: v.string(),
  preferences: MessagePreferencesView,
});
export type LinkPreferencesResponse = v.InferOutput<typeof LinkPreferencesResponse>;
