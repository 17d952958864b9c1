import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { formatRupees } from '../../contract/money.ts';
import {
  inIndia,
  offerPayBy,
  recordLink,
  type BookingFacts,
  type BookingTemplate,
  type MessageFacts,
  type OrderFacts,
  type OrderTemplate,
  type WaitlistFacts,
  type WaitlistTemplate,
} from './templates.ts';

/**
 * The shop's WhatsApp messages (docs/product-rules.md, Messages to customers;
 * docs/decisions/0071-messages-through-a-transactional-outbox.md). WhatsApp sends a business's
 * first word only through a template Meta approved, so each message here is one: its name, its
 * language, its body with {{1}}, {{2}}... and the facts that fill them. The README lists them,
 * ready to register. A parameter is one line and never empty, as the Cloud API requires.
 */

/** A gift's recipient hears only of the puja performed and the prasad shipped. */
export type GiftTemplate = 'gift.performed' | 'gift.prasadShipped';

/** A booking's facts for its gift's recipient: their name, and the giver's. */
export interface GiftFacts extends BookingFacts {
  giverName: string;
}

export type WhatsAppTemplate = OrderTemplate | BookingTemplate | GiftTemplate | WaitlistTemplate;

interface WhatsAppDefinition<F> {
  /** The template's name as registered with Meta. */
  name: string;
  /** Its body as registered: {{n}} is the n-th parameter. */
  body: string;
  parameters: (facts: F, link: string) => string[];
}

/** The template's language as registered (English for now; docs/product-rules.md, Messages to customers). */
export const WHATSAPP_LANGUAGE = 'en';

const reasonOr = (f: { note?: string | null }, otherwise: string) =>
  f.note ? `Reason: ${f.note}` : otherwise;
const carrier = (f: { shipment?: OrderFacts['shipment'] }) => f.shipment?.carrier ?? 'our courier';
const trackingNumber = (f: { shipment?: OrderFacts['shipment'] }) =>
  f.shipment?.trackingNumber ?? 'to follow';
const refunded = (f: { refund?: OrderFacts['refund'] }) => formatRupees(f.refund?.amount ?? 0);
const reference = (f: { refund?: OrderFacts['refund'] }) => f.refund?.reference ?? 'not given';
const persons = (f: BookingFacts) => f.persons.join(', ');

const orderWhatsApp = {
  'order.placed': {
    name: 'order_placed',
    body: 'Namaste {{1}}, thank you for your order {{2}} of {{3}}. We will tell you when it is packed. See it here: {{4}}',
    parameters: (f, link) => [f.name, f.number, formatRupees(f.total), link],
  },
  'order.packed': {
    name: 'order_packed',
    body: 'Namaste {{1}}, your order {{2}} is packed and will be shipped soon. See it here: {{3}}',
    parameters: (f, link) => [f.name, f.number, link],
  },
  'order.shipped': {
    name: 'order_shipped',
    body: 'Namaste {{1}}, your order {{2}} is on its way with {{3}}, tracking number {{4}}. See it here: {{5}}',
    parameters: (f, link) => [f.name, f.number, carrier(f), trackingNumber(f), link],
  },
  'order.delivered': {
    name: 'order_delivered',
    body: 'Namaste {{1}}, your order {{2}} has been delivered. If anything arrived damaged, tell us from its page: {{3}}',
    parameters: (f, link) => [f.name, f.number, link],
  },
  'order.cancelled': {
    name: 'order_cancelled',
    body: 'Namaste {{1}}, your order {{2}} is cancelled. {{3}} See it here: {{4}}',
    parameters: (f, link) => [f.name, f.number, reasonOr(f, 'We are sorry to see it go.'), link],
  },
  'order.claimReceived': {
    name: 'order_claim_received',
    body: 'Namaste {{1}}, we have your damage claim for order {{2}} and will answer it soon. See it here: {{3}}',
    parameters: (f, link) => [f.name, f.number, link],
  },
  'order.claimApproved': {
    name: 'order_claim_approved',
    body: 'Namaste {{1}}, we have approved your damage claim for order {{2}}. Your refund is on its way. See it here: {{3}}',
    parameters: (f, link) => [f.name, f.number, link],
  },
  'order.claimRejected': {
    name: 'order_claim_rejected',
    body: 'Namaste {{1}}, we could not approve your damage claim for order {{2}}. {{3}} See it here: {{4}}',
    parameters: (f, link) => [
      f.name,
      f.number,
      reasonOr(f, 'Please write to us if you have questions.'),
      link,
    ],
  },
  'order.refunded': {
    name: 'order_refunded',
    body: 'Namaste {{1}}, we have refunded {{2}} for order {{3}} (reference {{4}}). It reaches your account in 7–10 working days, by the way you paid. See it here: {{5}}',
    parameters: (f, link) => [f.name, refunded(f), f.number, reference(f), link],
  },
} satisfies Record<OrderTemplate, WhatsAppDefinition<OrderFacts>>;

const bookingWhatsApp = {
  'booking.confirmed': {
    name: 'booking_confirmed',
    body: 'Namaste {{1}}, your booking {{2}} is confirmed: {{3}} at {{4}}, on {{5}}. The sankalp will be made for: {{6}}. Amount paid: {{7}}. See it here: {{8}}',
    parameters: (f, link) => [
      f.name,
      f.number,
      f.pujaName,
      f.place,
      inIndia(f.pujaDate),
      persons(f),
      formatRupees(f.amount),
      link,
    ],
  },
  'booking.checkNames': {
    name: 'booking_check_names',
    body: 'Namaste {{1}}, the priest will read these names in the sankalp for {{2}}: {{3}}. You can correct them until {{4}}. After that they are final. See them here: {{5}}',
    parameters: (f, link) => [f.name, f.pujaName, persons(f), inIndia(f.lockAt ?? f.pujaDate), link],
  },
  'booking.locked': {
    name: 'booking_locked',
    body: 'Namaste {{1}}, the sankalp for {{2}} is locked: the priest will read these names: {{3}}. See it here: {{4}}',
    parameters: (f, link) => [f.name, f.pujaName, persons(f), link],
  },
  'booking.performed': {
    name: 'booking_performed',
    body: 'Namaste {{1}}, the {{2}} for {{3}} was performed at {{4}}. Watch it and see your booking here: {{5}}',
    parameters: (f, link) => [f.name, f.pujaName, persons(f), f.place, f.videoUrl ?? link],
  },
  'booking.notPerformed': {
    name: 'booking_not_performed',
    body: 'Namaste {{1}}, we are sorry: the {{2}} could not be performed on the day. {{3}} You may choose a new date ({{4}}) or ask for a refund here: {{5}}',
    parameters: (f, link) => [
      f.name,
      f.pujaName,
      reasonOr(f, 'The temple could not perform it.'),
      (f.offeredDates ?? []).length ? (f.offeredDates ?? []).map(inIndia).join('; ') : 'dates to follow',
      link,
    ],
  },
  'booking.dateChanged': {
    name: 'booking_date_changed',
    body: 'Namaste {{1}}, your booking {{2}} for {{3}} has been moved from {{4}} to {{5}}. {{6}} See it here: {{7}}',
    parameters: (f, link) => [
      f.name,
      f.number,
      f.pujaName,
      f.dateChange ? inIndia(f.dateChange.from) : 'its old date',
      inIndia(f.pujaDate),
      f.dateChange?.refund
        ? `${formatRupees(f.dateChange.refund)} is being refunded to you, by the way you paid.`
        : f.dateChange?.paid
          ? `You paid ${formatRupees(f.dateChange.paid)} more for this date.`
          : 'The amount paid is unchanged.',
      link,
    ],
  },
  'booking.prasadShipped': {
    name: 'booking_prasad_shipped',
    body: 'Namaste {{1}}, the prasad of {{2}} is on its way with {{3}}, tracking number {{4}}. See it here: {{5}}',
    parameters: (f, link) => [f.name, f.pujaName, carrier(f), trackingNumber(f), link],
  },
  'booking.prasadDelivered': {
    name: 'booking_prasad_delivered',
    body: 'Namaste {{1}}, the prasad of {{2}} has been delivered. See your booking here: {{3}}',
    parameters: (f, link) => [f.name, f.pujaName, link],
  },
  'booking.cancelled': {
    name: 'booking_cancelled',
    body: 'Namaste {{1}}, your booking {{2}} for {{3}} is cancelled. Your refund is on its way. {{4}} See it here: {{5}}',
    parameters: (f, link) => [f.name, f.number, f.pujaName, reasonOr(f, 'We are sorry to see it go.'), link],
  },
  'booking.refunded': {
    name: 'booking_refunded',
    body: 'Namaste {{1}}, we have refunded {{2}} for booking {{3}} (reference {{4}}). It reaches your account in 7–10 working days, by the way you paid. See it here: {{5}}',
    parameters: (f, link) => [f.name, refunded(f), f.number, reference(f), link],
  },
} satisfies Record<BookingTemplate, WhatsAppDefinition<BookingFacts>>;

/** The recipient has no account: their messages carry the video, never the giver's page. */
const giftWhatsApp = {
  'gift.performed': {
    name: 'gift_performed',
    body: 'Namaste {{1}}, the {{2}} that {{3}} booked for you was performed at {{4}}. {{5}}',
    parameters: (f) => [
      f.name,
      f.pujaName,
      f.giverName,
      f.place,
      f.videoUrl ? `Watch it here: ${f.videoUrl}` : 'May it bring you peace.',
    ],
  },
  'gift.prasadShipped': {
    name: 'gift_prasad_shipped',
    body: 'Namaste {{1}}, the prasad of the {{2}} that {{3}} booked for you is on its way with {{4}}, tracking number {{5}}.',
    parameters: (f) => [f.name, f.pujaName, f.giverName, carrier(f), trackingNumber(f)],
  },
} satisfies Record<GiftTemplate, WhatsAppDefinition<GiftFacts>>;

/** A place held from a puja date's waitlist (docs/product-rules.md, Waitlist). */
const waitlistWhatsApp = {
  'waitlist.offered': {
    name: 'waitlist_offered',
    body: 'Namaste {{1}}, a place has opened for {{2}} on {{3}}. It is held for you until {{4}} (India time). Pay by then to book it: {{5}}',
    parameters: (f, link) => [f.name, f.pujaName, inIndia(f.pujaDate), offerPayBy(f), link],
  },
  'waitlist.closed': {
    name: 'waitlist_closed',
    body: 'Namaste {{1}}, no place freed in time for {{2}} on {{3}}, so its waitlist has closed. You were not charged. Other dates may still have places: {{4}}',
    parameters: (f, link) => [f.name, f.pujaName, inIndia(f.pujaDate), link],
  },
} satisfies Record<WaitlistTemplate, WhatsAppDefinition<WaitlistFacts>>;

/** Every WhatsApp template, for the README, the back office's preview and the tests. */
export const whatsAppTemplates: Record<WhatsAppTemplate, WhatsAppDefinition<never>> = {
  ...orderWhatsApp,
  ...bookingWhatsApp,
  ...giftWhatsApp,
  ...waitlistWhatsApp,
};

/** A template message as the Cloud API takes it: name, language and the body's parameters. */
export interface WhatsAppMessage {
  /** E.164: "+919845012345". */
  to: string;
  name: string;
  language: string;
  parameters: string[];
  /** The outbox's key (docs/decisions/0071), sent to the provider with every try. */
  idempotencyKey: string;
}

/** One line, never empty: the Cloud API refuses a parameter with a new line, a tab or nothing. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim() || '—';

/** The template message for `template` with its facts (a gift's, or the customer's record). */
export function renderWhatsApp(
  template: WhatsAppTemplate,
  facts: MessageFacts | GiftFacts,
  publicUrl: string,
): Omit<WhatsAppMessage, 'to' | 'idempotencyKey'> {
  const chosen = whatsAppTemplates[template] as WhatsAppDefinition<MessageFacts> | undefined;
  if (!chosen) throw new Error(`No WhatsApp template ${template}`);
  return {
    name: chosen.name,
    language: WHATSAPP_LANGUAGE,
    parameters: chosen.parameters(facts, recordLink(facts, publicUrl)).map(oneLine),
  };
}

export interface WhatsAppSender {
  send(message: WhatsAppMessage): Promise<void>;
}

export interface WhatsAppOptions {
  /** WHATSAPP_API_URL, e.g. https://graph.facebook.com/v21.0. */
  apiUrl: string;
  /** WHATSAPP_PHONE_NUMBER_ID: the business number's id at Meta. */
  phoneNumberId: string;
  /** WHATSAPP_TOKEN: the bearer token; never logged. */
  token: string;
  fetch?: typeof fetch;
}

/**
 * The WhatsApp Business Cloud API, as documented: `POST {api}/{phone-number-id}/messages` with a
 * bearer token and a `template` message. The outbox's key rides as `biz_opaque_callback_data`
 * (which the API hands back in its status webhooks) and as an Idempotency-Key header.
 */
export function createWhatsAppSender({
  apiUrl,
  phoneNumberId,
  token,
  fetch: doFetch = fetch,
}: WhatsAppOptions): WhatsAppSender {
  const endpoint = `${apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(phoneNumberId)}/messages`;
  return {
    async send(message) {
      const response = await doFetch(endpoint, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'idempotency-key': message.idempotencyKey,
        },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: message.to,
          type: 'template',
          biz_opaque_callback_data: message.idempotencyKey,
          template: {
            name: message.name,
            language: { code: message.language },
            components: [
              {
                type: 'body',
                parameters: message.parameters.map((text) => ({ type: 'text', text })),
              },
            ],
          },
        }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) {
        // The API's error says what is wrong (its code and title), never the token.
        const detail = await response.text().catch(() => '');
        throw new Error(`WhatsApp answered ${response.status}: ${detail.slice(0, 300)}`);
      }
    },
  };
}

/**
 * Without WhatsApp configured: each message is written to DATA_DIR/outbox/ as the JSON the API
 * would receive, so a newcomer sees what would be sent.
 */
export function createWhatsAppFiles(outboxDir: string): WhatsAppSender {
  return {
    async send(message) {
      await fs.promises.mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.whatsapp.json`;
      await fs.promises.writeFile(path.join(outboxDir, name), `${JSON.stringify(message, null, 2)}\n`);
    },
  };
}
