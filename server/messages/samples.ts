import { messageTemplateLabels } from '../../contract/message-labels.ts';
import { accountTemplates, type AccountFacts, type AccountTemplateName } from './account-templates.ts';
import {
  bookingTemplates,
  orderTemplates,
  staffTemplates,
  type BookingFacts,
  type BookingTemplate,
  type MessageFacts,
  type MessageTemplate,
  type OrderFacts,
  type OrderTemplate,
  type StaffTemplate,
  type WaitlistFacts,
  type WaitlistTemplate,
  waitlistTemplates,
} from './templates.ts';
import type { GiftFacts, GiftTemplate } from './whatsapp.ts';

/** Every template the shop sends, in any channel. */
export type PreviewTemplate = MessageTemplate | GiftTemplate | AccountTemplateName;

/**
 * Every template with made-up facts, for the back office's preview (GET
 * /api/admin/messages/templates; docs/product-rules.md, Messages to customers): each fact a
 * template may say is filled in, so the preview shows all of its words.
 */

/** Every template's name: the orders' first, then the bookings', a gift's, staff's and the account's. */
export const MESSAGE_TEMPLATES: readonly PreviewTemplate[] = [
  ...(Object.keys(orderTemplates) as OrderTemplate[]),
  ...(Object.keys(bookingTemplates) as BookingTemplate[]),
  ...(Object.keys(waitlistTemplates) as WaitlistTemplate[]),
  'gift.performed',
  'gift.prasadShipped',
  ...(Object.keys(staffTemplates) as StaffTemplate[]),
  ...(Object.keys(accountTemplates) as AccountTemplateName[]),
];

/** Each template's label (contract/message-labels.ts): a new template without one does not compile. */
export const templateLabels: Record<PreviewTemplate, string> = messageTemplateLabels;
export const sampleOrder: OrderFacts = {
  kind: 'order',
  id: 123,
  number: 'DPS-20261128-000123',
  name: 'Lakshmi Iyer',
  total: 1499,
  shipment: { carrier: 'India Post', trackingNumber: 'EK123456789IN' },
  refund: { amount: 1499, reference: 'RFND-20261130-0042' },
  note: 'The parcel reached us opened.',
};

export const sampleBooking: BookingFacts = {
  kind: 'booking',
  id: 7,
  number: 'PUJ-20261128-000007',
  name: 'Lakshmi Iyer',
  pujaName: 'Rudrabhishekam',
  place: 'Sri Kapaleeshwarar Temple, Chennai',
  // Saturday, 12 December 2026 at 6:00 am in India.
  pujaDate: '2026-12-12T00:30:00.000Z',
  persons: ['Lakshmi Iyer', 'Raman Iyer'],
  amount: 2100,
  lockAt: '2026-12-11T12:30:00.000Z',
  videoUrl: 'https://shop.example/uploads/proof/rudrabhishekam.mp4',
  offeredDates: ['2026-12-19T00:30:00.000Z', '2026-12-26T00:30:00.000Z'],
  shipment: { carrier: 'DTDC', trackingNumber: 'D12345678' },
  refund: { amount: 2100, reference: 'RFND-20261213-0007' },
  note: 'The temple was closed for a festival.',
  dateChange: { from: '2026-12-05T00:30:00.000Z', refund: 400 },
};

export const sampleWaitlist: WaitlistFacts = {
  kind: 'waitlist',
  id: 12,
  name: 'Lakshmi Iyer',
  pujaName: sampleBooking.pujaName,
  place: sampleBooking.place,
  pujaDate: sampleBooking.pujaDate,
  persons: 2,
  // Thursday, 10 December 2026 at 2:00 pm in India.
  offerExpiresAt: '2026-12-10T08:30:00.000Z',
  path: '/#/puja-booking/4?package=9&step=payment&waitlist=12',
};

/** A waiting entry whose line closed before a place freed. */
export const sampleWaitlistClosed: WaitlistFacts = {
  ...sampleWaitlist,
  offerExpiresAt: null,
  path: '/#/pujas/4',
};

export const sampleGift: GiftFacts = { ...sampleBooking, name: 'Meena Raman', giverName: 'Lakshmi Iyer' };

export const sampleAccount: AccountFacts = {
  kind: 'account',
  name: 'Lakshmi Iyer',
  link: 'https://shop.example/#/reset-password?token=sample-token-not-a-real-one',
  inviter: 'Gopal',
};

/** The sample facts a template is rendered with. */
export const sampleFacts = (template: PreviewTemplate): MessageFacts | GiftFacts | AccountFacts => {
  if (template.startsWith('account.')) return sampleAccount;
  if (template.startsWith('gift.')) return sampleGift;
  if (template === 'waitlist.closed') return sampleWaitlistClosed;
  if (template.startsWith('waitlist.')) return sampleWaitlist;
  return template.startsWith('order.') || template === 'staff.newOrder' ? sampleOrder : sampleBooking;
};
