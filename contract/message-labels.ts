import type { MessageChannel, MessageStatus } from './messages.ts';

/**
 * The customers' messages as people read them (docs/product-rules.md, Messages to customers):
 * each template's name ("Order shipped"), each channel's and each status's. The templates
 * themselves are the server's (server/messages/templates.ts, which checks that each has a label here).
 */
export const messageTemplateLabels = {
  'order.placed': 'Order placed',
  'order.packed': 'Order packed',
  'order.shipped': 'Order shipped',
  'order.delivered': 'Order delivered',
  'order.cancelled': 'Order cancelled',
  'order.claimReceived': 'Damage claim received',
  'order.claimApproved': 'Damage claim approved',
  'order.claimRejected': 'Damage claim not approved',
  'order.refunded': 'Order refund sent',
  'booking.confirmed': 'Booking confirmed',
  'booking.checkNames': 'Check the names',
  'booking.locked': 'Names final (sankalp locked)',
  'booking.performed': 'Puja performed',
  'booking.notPerformed': 'Puja not performed',
  'booking.dateChanged': 'Booking moved to another date',
  'booking.prasadShipped': 'Prasad shipped',
  'booking.prasadDelivered': 'Prasad delivered',
  'booking.cancelled': 'Booking cancelled',
  'booking.refunded': 'Booking refund sent',
  'waitlist.offered': 'Waitlist: a place has opened',
  'waitlist.closed': 'Waitlist: closed without a place',
  'gift.performed': 'Gift: puja performed (to the recipient)',
  'gift.prasadShipped': 'Gift: prasad shipped (to the recipient)',
  'staff.newOrder': 'New order (to staff)',
  'staff.newBooking': 'New booking (to staff)',
  'account.passwordReset': 'Password reset link',
  'account.staffInvitation': 'Staff invitation',
} as const;

/** A template's label; one this build does not know yet reads from its name ("claimReceived": "Claim received"). */
export const templateLabel = (template: string): string =>
  (messageTemplateLabels as Record<string, string>)[template] ??
  (template.split('.').pop() ?? template)
    .replace(/([A-Z])/g, ' $1')
    .replace(/^./, (ch) => ch.toUpperCase())
    .trim();

export const messageChannelLabels: Record<MessageChannel, string> = {
  email: 'E-mail',
  whatsapp: 'WhatsApp',
};

export const messageStatusLabels: Record<MessageStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};
