import * as v from 'valibot';

/**
 * The messages the shop sends about a customer's orders and bookings (docs/product-rules.md,
 * Messages; docs/decisions/0071-messages-through-a-transactional-outbox.md).
 */

export const MESSAGE_CHANNELS = ['email', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** queued: waiting for its (next) try; sending: a try holds it; sent; failed: out of tries. */
export const MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** How many times a message is tried before it is marked failed for staff to see. */
export const MESSAGE_MAX_ATTEMPTS = 6;

/** The wait before the second try; each later one waits twice as long as the one before. */
export const MESSAGE_FIRST_RETRY_MS = 60_000;

/** How long one try may hold a message before another process may take it up again. */
export const MESSAGE_CLAIM_MS = 5 * 60_000;

/** The wait after a failed try `attempts` (1 for the first): 1, 2, 4, 8, 16 minutes. */
export const retryDelayMs = (attempts: number): number => MESSAGE_FIRST_RETRY_MS * 2 ** (attempts - 1);

/** The words beside the unticked box, stored with each consent (docs/product-rules.md, Messages to customers). */
export const WHATSAPP_CONSENT_WORDS = 'Send me updates on WhatsApp';

/** Where a consent was given or withdrawn, as the consent log keeps it. */
export const CONSENT_SOURCES = ['sign-up', 'account', 'checkout', 'booking', 'preferences-link'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** A 10-digit Indian mobile (contract/address.ts normaliseMobile) as WhatsApp addresses it: E.164. */
export const toE164 = (mobile: string): string => `+91${mobile}`;

/** Ticked at sign-up, checkout or booking without a mobile to send to. */
export const WHATSAPP_NEEDS_MOBILE = 'Enter a 10-digit Indian mobile number to get updates on WhatsApp';

/** The optional unticked box of sign-up, checkout and booking: absent is false. */
export const WhatsappUpdates = v.optional(v.boolean('whatsappUpdates must be true or false'), false);
