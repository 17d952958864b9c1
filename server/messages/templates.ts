import { formatRupees } from '../../contract/money.ts';

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * Every message the shop sends about an order or a booking, each in one place: its subject and
 * its words, as plain text and as HTML, with the link to the record's page, times in India's
 * time and amounts in rupees (docs/product-rules.md, Messages to customers). The outbox keeps a template's
 * name and facts; the words are rendered when the message is sent.
 */

export interface OrderFacts {
  kind: 'order';
  id: number;
  number: string;
  /** The customer's name, as the greeting says it. */
  name: string;
  total: number;
  shipment?: { carrier: string; trackingNumber: string } | null;
  refund?: { amount: number; reference: string | null } | null;
  /** The reason staff gave (a cancellation, a claim's answer). */
  note?: string | null;
}

export interface BookingFacts {
  kind: 'booking';
  id: number;
  number: string;
  name: string;
  pujaName: string;
  place: string;
  /** ISO 8601; said in India's time. */
  pujaDate: string;
  persons: string[];
  amount: number;
  /** When the names lock (ISO 8601): the reminder says it. */
  lockAt?: string;
  videoUrl?: string | null;
  offeredDates?: string[];
  shipment?: { carrier: string; trackingNumber: string } | null;
  refund?: { amount: number; reference: string | null } | null;
  note?: string | null;
  /** A move to another date (docs/decisions/0077): the date it left, and what of its price comes back. */
  dateChange?: { from: string; refund: number; paid?: number } | null;
}

/** A place held from a puja date's waitlist (docs/product-rules.md, Waitlist). */
export interface WaitlistFacts {
  kind: 'waitlist';
  /** The waitlist entry's id. */
  id: number;
  name: string;
  pujaName: string;
  place: string;
  /** ISO 8601; said in India's time. */
  pujaDate: string;
  persons: number;
  /**
   * Until when the held places may be paid for (ISO 8601); said in India's time. Null when the line
   * closed without an offer (waitlist.closed).
   */
  offerExpiresAt: string | null;
  /**
   * An offer's: the wizard at Payment with the draft kept,
   * `/#/puja-booking/{pujaId}?package=…&step=payment&waitlist={id}`; a closed line's: the puja's
   * page, with its other dates (`/#/pujas/{pujaId}`).
   */
  path: string;
}

export type MessageFacts = OrderFacts | BookingFacts | WaitlistFacts;

export interface RenderContext {
  /** PUBLIC_URL: the shop's address, for the link to the record's page. */
  publicUrl: string;
  /** SHOP_NAME. */
  brand: string;
  /**
   * The signed link to a customer's message preferences (server/messages/preferences-token.ts),
   * which every e-mail to a customer carries; without it (a test's context) the e-mail has none.
   */
  preferencesLink?: (userId: number) => string;
}

/** The footer of every e-mail to a customer: where they choose what they hear, without signing in. */
export const preferencesLine = (link: string) => `Choose which messages you get: ${link}`;
const preferencesHtml = (link: string) =>
  `<p style="font-size:14px;color:#555"><a href="${escapeHtml(link)}">Choose which messages you get</a></p>`;

export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
}

const indiaTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const indiaDate = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** A day as India reads it: "29 November 2026". */
export const inIndiaDate = (iso: string): string => indiaDate.format(new Date(iso));

/** An instant as India reads it: "Sunday, 29 November 2026 at 6:30 am". */
export const inIndia = (iso: string): string => `${indiaTime.format(new Date(iso))}`;

const REFUND_DAYS = 'It reaches your account in 7–10 working days, by the way you paid.';

/** A template: its subject and its paragraphs (the link and the greeting are added to all). */
interface Template<F extends MessageFacts> {
  subject: (facts: F) => string;
  body: (facts: F) => string[];
}

const tracking = (f: { shipment?: OrderFacts['shipment'] }) =>
  f.shipment ? [`Carrier: ${f.shipment.carrier}. Tracking number: ${f.shipment.trackingNumber}.`] : [];
const refundLines = (f: { refund?: OrderFacts['refund'] }) =>
  f.refund
    ? [
        `We have refunded ${formatRupees(f.refund.amount)}${f.refund.reference ? ` (reference ${f.refund.reference})` : ''}.`,
        REFUND_DAYS,
      ]
    : [];
const reason = (f: { note?: string | null }) => (f.note ? [`Reason: ${f.note}`] : []);

export const orderTemplates = {
  'order.placed': {
    subject: (f) => `Order ${f.number} placed`,
    body: (f) => [
      `Thank you for your order ${f.number} of ${formatRupees(f.total)}. We will tell you when it is packed.`,
    ],
  },
  'order.packed': {
    subject: (f) => `Order ${f.number} packed`,
    body: (f) => [`Your order ${f.number} is packed and will be shipped soon.`],
  },
  'order.shipped': {
    subject: (f) => `Order ${f.number} shipped`,
    body: (f) => [`Your order ${f.number} is on its way.`, ...tracking(f)],
  },
  'order.delivered': {
    subject: (f) => `Order ${f.number} delivered`,
    body: (f) => [
      `Your order ${f.number} has been delivered.`,
      'If anything arrived damaged, you can tell us from the order’s page.',
    ],
  },
  'order.cancelled': {
    subject: (f) => `Order ${f.number} cancelled`,
    body: (f) => [`Your order ${f.number} is cancelled.`, ...reason(f)],
  },
  'order.claimReceived': {
    subject: (f) => `Damage claim for order ${f.number} received`,
    body: (f) => [`We have your damage claim for order ${f.number} and will answer it soon.`],
  },
  'order.claimApproved': {
    subject: (f) => `Damage claim for order ${f.number} approved`,
    body: (f) => [
      `We have approved your damage claim for order ${f.number}. Your refund is on its way.`,
      ...reason(f),
    ],
  },
  'order.claimRejected': {
    subject: (f) => `Damage claim for order ${f.number} not approved`,
    body: (f) => [`We could not approve your damage claim for order ${f.number}.`, ...reason(f)],
  },
  'order.refunded': {
    subject: (f) => `Refund for order ${f.number} sent`,
    body: (f) => [...refundLines(f)],
  },
} satisfies Record<string, Template<OrderFacts>>;

const pujaLine = (f: BookingFacts) => `${f.pujaName} at ${f.place}, on ${inIndia(f.pujaDate)}.`;

export const bookingTemplates = {
  'booking.confirmed': {
    subject: (f) => `Booking ${f.number} confirmed: ${f.pujaName}`,
    body: (f) => [
      `Your booking ${f.number} is confirmed: ${pujaLine(f)}`,
      `The sankalp will be made for: ${f.persons.join(', ')}.`,
      `Amount paid: ${formatRupees(f.amount)}.`,
      'You can correct the names until the sankalp is locked.',
    ],
  },
  'booking.checkNames': {
    subject: (f) => `Booking ${f.number}: check the names before they lock`,
    body: (f) => [
      `The priest will read these names in the sankalp for ${f.pujaName}: ${f.persons.join(', ')}.`,
      `You can correct them until ${inIndia(f.lockAt ?? f.pujaDate)}. After that they are final.`,
    ],
  },
  'booking.locked': {
    subject: (f) => `Booking ${f.number}: the names are final`,
    body: (f) => [
      `The sankalp for ${f.pujaName} is locked: the priest will read these names: ${f.persons.join(', ')}.`,
    ],
  },
  'booking.performed': {
    subject: (f) => `${f.pujaName} performed: booking ${f.number}`,
    body: (f) => [
      `The ${f.pujaName} for ${f.persons.join(', ')} was performed at ${f.place}.`,
      ...(f.videoUrl ? [`Watch it here: ${f.videoUrl}`] : []),
    ],
  },
  'booking.notPerformed': {
    subject: (f) => `Booking ${f.number}: ${f.pujaName} could not be performed`,
    body: (f) => [
      `We are sorry: the ${f.pujaName} could not be performed on the day.`,
      ...reason(f),
      ...((f.offeredDates ?? []).length
        ? [
            `You may choose a new date: ${(f.offeredDates ?? []).map(inIndia).join('; ')}. Or ask for a refund.`,
          ]
        : []),
    ],
  },
  'booking.dateChanged': {
    subject: (f) => `Booking ${f.number} moved to ${inIndiaDate(f.pujaDate)}`,
    body: (f) => [
      `Your booking ${f.number} has been moved to another date: ${pujaLine(f)}`,
      ...(f.dateChange ? [`It was on ${inIndia(f.dateChange.from)}.`] : []),
      `The sankalp will be made for: ${f.persons.join(', ')}.`,
      ...(f.dateChange?.refund
        ? [
            `This date costs less: ${formatRupees(f.dateChange.refund)} is being refunded to you, by the way you paid.`,
          ]
        : f.dateChange?.paid
          ? [`You paid ${formatRupees(f.dateChange.paid)} more for this date.`]
          : []),
    ],
  },
  'booking.prasadShipped': {
    subject: (f) => `Prasad for booking ${f.number} shipped`,
    body: (f) => [`The prasad of ${f.pujaName} is on its way.`, ...tracking(f)],
  },
  'booking.prasadDelivered': {
    subject: (f) => `Prasad for booking ${f.number} delivered`,
    body: (f) => [`The prasad of ${f.pujaName} has been delivered.`],
  },
  'booking.cancelled': {
    subject: (f) => `Booking ${f.number} cancelled`,
    body: (f) => [
      `Your booking ${f.number} for ${f.pujaName} is cancelled. Your refund is on its way.`,
      ...reason(f),
    ],
  },
  'booking.refunded': {
    subject: (f) => `Refund for booking ${f.number} sent`,
    body: (f) => [...refundLines(f)],
  },
} satisfies Record<string, Template<BookingFacts>>;

/** The offer's pay-by time in India's time (an offer always has one). */
export const offerPayBy = (f: WaitlistFacts): string => (f.offerExpiresAt ? inIndia(f.offerExpiresAt) : '');

/**
 * The waitlist's messages: the offer (its link goes to the wizard at Payment, not to a record's
 * page) and the line closed before a place freed (its link goes to the puja's other dates).
 */
export const waitlistTemplates = {
  'waitlist.offered': {
    subject: (f) => `A place has opened for ${f.pujaName} on ${inIndiaDate(f.pujaDate)}`,
    body: (f) => [
      `A place has opened for ${f.pujaName} at ${f.place}, on ${inIndia(f.pujaDate)}: you were next on its waitlist.`,
      `It is held for you (${f.persons === 1 ? '1 person' : `${f.persons} persons`}) until ${offerPayBy(f)}, India time. Pay by then to book it; after that it goes to the next in line.`,
    ],
  },
  'waitlist.closed': {
    subject: (f) => `The waitlist for ${f.pujaName} on ${inIndiaDate(f.pujaDate)} has closed`,
    body: (f) => [
      `No place freed in time for ${f.pujaName} at ${f.place}, on ${inIndia(f.pujaDate)}: its booking closes soon, so its waitlist has closed. You were not charged anything.`,
      'Other dates of this puja may still have places.',
    ],
  },
} satisfies Record<string, Template<WaitlistFacts>>;

/** What staff hear at SHOP_NOTIFY_EMAIL: each new order and booking, with the link to its staff page. */
export const staffTemplates = {
  'staff.newOrder': {
    subject: (f) => `New order ${f.number}: ${formatRupees(f.total)}`,
    body: (f) => [`${f.name} placed order ${f.number} of ${formatRupees(f.total)}.`],
  },
  'staff.newBooking': {
    subject: (f) => `New booking ${f.number}: ${f.pujaName}`,
    body: (f) => [
      `${f.name} booked ${pujaLine(f)}`,
      `Sankalp for: ${f.persons.join(', ')}. Amount paid: ${formatRupees(f.amount)}.`,
    ],
  },
} satisfies { 'staff.newOrder': Template<OrderFacts>; 'staff.newBooking': Template<BookingFacts> };

export type OrderTemplate = keyof typeof orderTemplates;
export type BookingTemplate = keyof typeof bookingTemplates;
export type StaffTemplate = keyof typeof staffTemplates;
export type WaitlistTemplate = keyof typeof waitlistTemplates;
export type MessageTemplate = OrderTemplate | BookingTemplate | StaffTemplate | WaitlistTemplate;

/** The record's page in the customer's account (or, for staff, in the back office); a waitlist offer's payment step. */
export const recordLink = (facts: MessageFacts, publicUrl: string, area: 'account' | 'admin' = 'account') =>
  facts.kind === 'waitlist'
    ? `${publicUrl.replace(/\/+$/, '')}${facts.path}`
    : `${publicUrl.replace(/\/+$/, '')}/#/${area}/${facts.kind === 'order' ? 'orders' : 'bookings'}/${facts.id}`;

const isStaffTemplate = (template: MessageTemplate): template is StaffTemplate =>
  template.startsWith('staff.');

/**
 * Renders a template with its facts: subject, plain text and HTML that read right on a phone;
 * `preferences` is the customer's signed preferences link, at the foot.
 */
export function renderMessage(
  template: MessageTemplate,
  facts: MessageFacts,
  ctx: RenderContext,
  preferences?: string,
): RenderedMessage {
  const staff = isStaffTemplate(template);
  const chosen = (
    staff
      ? staffTemplates[template]
      : facts.kind === 'order'
        ? orderTemplates[template as OrderTemplate]
        : facts.kind === 'waitlist'
          ? waitlistTemplates[template as WaitlistTemplate]
          : bookingTemplates[template as BookingTemplate]
  ) as Template<MessageFacts> | undefined;
  if (!chosen) throw new Error(`No template ${template} for a ${facts.kind}`);
  const link = recordLink(facts, ctx.publicUrl, staff ? 'admin' : 'account');
  const paragraphs = [staff ? 'Namaste,' : `Namaste ${facts.name},`, ...chosen.body(facts)];
  const seeIt =
    facts.kind === 'waitlist'
      ? template === 'waitlist.closed'
        ? 'See the other dates'
        : 'Pay for your place'
      : staff
        ? `Open ${facts.kind} ${facts.number}`
        : `See your ${facts.kind} ${facts.number}`;
  const linkText = `${seeIt}: ${link}`;
  const footer = preferences ? [preferencesLine(preferences)] : [];
  const text = [...paragraphs, linkText, `— ${ctx.brand}`, ...footer].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;font-size:16px;line-height:1.5;max-width:36em">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(seeIt)}</a></p>`,
    `<p>— ${escapeHtml(ctx.brand)}</p>`,
    ...(preferences ? [preferencesHtml(preferences)] : []),
    '</body></html>',
  ].join('\n');
  return { subject: chosen.subject(facts), text, html };
}
