import * as v from 'valibot';
import { MESSAGE_CHANNELS, MESSAGE_STATUSES } from '../messages.ts';
import { wholeNumberParam } from '../query.ts';

/**
 * The messages the shop sent its customers, as staff see them (docs/product-rules.md, Messages
 * to customers; docs/decisions/0071-messages-through-a-transactional-outbox.md).
 *
 *   GET  /api/admin/messages?status=failed&offset=50 -> AdminMessagePageResponse (newest first, a page of 50,
 *                                                   the total of that status and each status's count)
 *   GET  /api/admin/orders/{id}/messages        -> AdminMessageListResponse (oldest first)
 *   GET  /api/admin/bookings/{id}/messages      -> AdminMessageListResponse (oldest first)
 *   POST /api/admin/messages/{id}/resend {}     -> AdminMessageResponse; only a failed one (409 message_not_failed)
 *   GET  /api/admin/messages/templates          -> MessageTemplatesResponse (every template, sample facts, every channel)
 */

export const AdminMessage = v.object({
  id: v.number(),
  channel: v.picklist(MESSAGE_CHANNELS),
  template: v.string(),
  /** Where it goes, masked: "a•••@example.com". */
  recipient: v.string(),
  recordKind: v.nullable(v.picklist(['order', 'booking'])),
  recordId: v.nullable(v.number()),
  status: v.picklist(MESSAGE_STATUSES),
  attempts: v.number(),
  lastError: v.nullable(v.string()),
  createdAt: v.string(),
  sentAt: v.nullable(v.string()),
});
export type AdminMessage = v.InferOutput<typeof AdminMessage>;

export const AdminMessageListResponse = v.object({ messages: v.array(AdminMessage) });
export type AdminMessageListResponse = v.InferOutput<typeof AdminMessageListResponse>;

/** A page of the messages list: `total` of what the filter matches, `counts` of each status. */
export const AdminMessagePageResponse = v.object({
  messages: v.array(AdminMessage),
  total: v.number(),
  counts: v.object(
    Object.fromEntries(MESSAGE_STATUSES.map((status) => [status, v.number()])) as Record<
      (typeof MESSAGE_STATUSES)[number],
      v.NumberSchema<undefined>
    >,
  ),
});
export type AdminMessagePageResponse = v.InferOutput<typeof AdminMessagePageResponse>;

export const AdminMessageResponse = v.object({ message: AdminMessage });
export type AdminMessageResponse = v.InferOutput<typeof AdminMessageResponse>;

export const AdminMessageQuery = v.object({
  status: v.optional(v.picklist(MESSAGE_STATUSES, `status must be one of ${MESSAGE_STATUSES.join(', ')}`)),
  limit: wholeNumberParam('limit', 1, 100),
  offset: wholeNumberParam('offset', 0, 1_000_000_000),
});
export type AdminMessageQuery = v.InferOutput<typeof AdminMessageQuery>;

/** POST …/resend takes an empty object. */
export const ResendMessageInput = v.strictObject({});

/**
 * A template as one channel says it. One member per channel, told apart by `channel`; a page
 * shows any member's fields, so a channel added here needs no new screen.
 */
export const EmailPreview = v.object({
  channel: v.literal('email'),
  subject: v.string(),
  /** The plain text. */
  text: v.string(),
  /** A whole HTML document: the page shows it sandboxed. */
  html: v.string(),
});
export type EmailPreview = v.InferOutput<typeof EmailPreview>;

export const WhatsAppPreview = v.object({
  channel: v.literal('whatsapp'),
  /** The template's name as registered with Meta. */
  name: v.string(),
  language: v.string(),
  /** Its body as registered, {{1}}, {{2}}… for the parameters. */
  body: v.string(),
  parameters: v.array(v.string()),
});
export type WhatsAppPreview = v.InferOutput<typeof WhatsAppPreview>;

export const ChannelPreview = v.variant('channel', [EmailPreview, WhatsAppPreview]);
export type ChannelPreview = v.InferOutput<typeof ChannelPreview>;

export const TemplatePreview = v.object({
  /** The template's name, as the outbox keeps it: `order.shipped`. */
  template: v.string(),
  /** As staff read it: "Order shipped". */
  label: v.string(),
  channels: v.array(ChannelPreview),
});
export type TemplatePreview = v.InferOutput<typeof TemplatePreview>;

export const MessageTemplatesResponse = v.object({ templates: v.array(TemplatePreview) });
export type MessageTemplatesResponse = v.InferOutput<typeof MessageTemplatesResponse>;

export const adminMessageMessages = {
  notFailed: 'Only a message that failed can be sent again.',
  /** "Send again" got no answer (or one without words). */
  resendFailed: 'Could not send the message again. Please try again.',
};

/** An address as staff lists show it: enough to tell it apart, not enough to copy. */
export function maskRecipient(recipient: string): string {
  const at = recipient.indexOf('@');
  if (at > 0) return `${recipient[0]}•••${recipient.slice(at)}`;
  return recipient.length > 4 ? `•••${recipient.slice(-4)}` : '•••';
}
