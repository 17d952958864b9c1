import * as v from 'valibot';
import { MESSAGE_CHANNELS, MESSAGE_STATUSES } from '../messages.ts';

/**
 * The messages the shop sent its customers, as staff see them (docs/product-rules.md, Messages
 * to customers; docs/decisions/0071-messages-through-a-transactional-outbox.md).
 *
 *   GET  /api/admin/messages?status=failed      -> AdminMessageListResponse (newest first, 200 at most)
 *   GET  /api/admin/orders/{id}/messages        -> AdminMessageListResponse (oldest first)
 *   GET  /api/admin/bookings/{id}/messages      -> AdminMessageListResponse (oldest first)
 *   POST /api/admin/messages/{id}/resend {}     -> AdminMessageResponse; only a failed one (409 message_not_failed)
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

export const AdminMessageResponse = v.object({ message: AdminMessage });
export type AdminMessageResponse = v.InferOutput<typeof AdminMessageResponse>;

export const AdminMessageQuery = v.object({
  status: v.optional(v.picklist(MESSAGE_STATUSES, `status must be one of ${MESSAGE_STATUSES.join(', ')}`)),
});
export type AdminMessageQuery = v.InferOutput<typeof AdminMessageQuery>;

/** POST …/resend takes an empty object. */
export const ResendMessageInput = v.strictObject({});

export const adminMessageMessages = {
  notFailed: 'Only a message that failed can be sent again.',
};

/** An address as staff lists show it: enough to tell it apart, not enough to copy. */
export function maskRecipient(recipient: string): string {
  const at = recipient.indexOf('@');
  if (at > 0) return `${recipient[0]}•••${recipient.slice(at)}`;
  return recipient.length > 4 ? `•••${recipient.slice(-4)}` : '•••';
}
