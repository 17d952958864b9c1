/**
 * The shop's WhatsApp messages (docs/product-rules.md, Messages to customers;
 * docs/decisions/0071-messages-through-a-transactional-outbox.md): sent through a local stand-in
 * for WhatsApp's Cloud API that holds each request to the documented shape, only to a customer
 * who consented, once per message however often a try fails or a process dies.
 */
import fs from 'node:fs';
import path from 'node:path';
import { formatRupees } from '../../contract/money.ts';
import { WHATSAPP_CONSENT_WORDS } from '../../contract/messages.ts';
import { recordConsent } from '../../server/db/repositories/message-preferences.ts';
import { inIndia } from '../../server/messages/templates.ts';
import {
  createWhatsAppFiles,
  createWhatsAppSender,
  whatsAppTemplates,
  type WhatsAppMessage,
  type WhatsAppSender,
} from '../../server/messages/whatsapp.ts';
import {
  book,
  bookingEvent,
  DAY,
  HOUR,
  MINUTE,
  orderEvent,
  placeOrder,
  pujaOn,
  uploadPhoto,
} from '../support/lifecycle.ts';
import { call } from '../support/accounts.ts';
import { maduraiAddress } from '../support/addresses.ts';
import { deliveringShopPerFile, dyingAfter, leftSending } from '../support/outbox.ts';
import { shopPerFile } from '../support/prelude.ts';
import { startTestWhatsApp } from '../support/whatsapp.ts';

const api = shopPerFile(startTestWhatsApp);
let whatsapp: WhatsAppSender;
const MOBILE = '+919845012345';
const { shop, smtp, deliver } = deliveringShopPerFile({
  deps: () => ({ whatsapp }),
  // Each test starts from a customer who consented.
  beforeDelivery: () => consent(true),
});

beforeAll(() => {
  whatsapp = createWhatsAppSender({ apiUrl: api.url, phoneNumberId: api.phoneNumberId, token: api.token });
});
beforeEach(() => {
  api.received.length = 0;
});
const consent = (granted: boolean) =>
  recordConsent(shop.db, {
    userId: shop.me.user.id,
    channel: 'whatsapp',
    granted,
    mobile: MOBILE,
    words: WHATSAPP_CONSENT_WORDS,
    source: 'account',
    at: shop.clock.now().toISOString(),
  });
const whatsAppRows = (orderId: number) =>
  shop.db
    .selectFrom('outbox')
    .selectAll()
    .where('recordKind', '=', 'order')
    .where('recordId', '=', orderId)
    .where('channel', '=', 'whatsapp')
    .execute();

describe('a customer who ticked "Send me updates on WhatsApp"', () => {
  it('gets each step of an order once on WhatsApp, as a registered template with its facts, and by e-mail', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    for (const type of ['order.pack', 'order.ship']) {
      const event =
        type === 'order.ship' ? { type, carrier: 'India Post', trackingNumber: 'EE123456789IN' } : { type };
      expect((await orderEvent(shop, shop.staff.token, order.id, event, true)).status).toBe(200);
    }
    const before = api.requests();
    await deliver();
    await deliver();
    const link = `https://shop.test/#/account/orders/${order.id}`;
    expect(api.received).toEqual([
      {
        to: MOBILE,
        name: 'order_placed',
        language: 'en',
        parameters: ['Asha Rao', order.orderNumber, formatRupees(order.total), link],
        key: `order:${order.id}:placed:whatsapp`,
      },
      expect.objectContaining({ name: 'order_packed', parameters: ['Asha Rao', order.orderNumber, link] }),
      expect.objectContaining({
        name: 'order_shipped',
        parameters: ['Asha Rao', order.orderNumber, 'India Post', 'EE123456789IN', link],
      }),
    ]);
    expect(api.requests()).toBe(before + 3);
    expect(smtp.received.map((r) => r.mail.subject)).toEqual([
      `Order ${order.orderNumber} placed`,
      `Order ${order.orderNumber} packed`,
      `Order ${order.orderNumber} shipped`,
    ]);
  });

  it('after withdrawing, gets no WhatsApp message and still gets the e-mail', async () => {
    await consent(false);
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    await deliver();
    expect(await whatsAppRows(order.id)).toEqual([]);
    expect(api.received).toEqual([]);
    expect(smtp.received.map((r) => r.mail.subject)).toEqual([`Order ${order.orderNumber} placed`]);
  });

  it('a customer who never consented gets no WhatsApp message', async () => {
    await placeOrder(shop, shop.other, shop.otherAddressId, 'cod');
    await deliver();
    expect(api.received).toEqual([]);
    expect(smtp.received).toHaveLength(1);
  });
});

describe('every message of the list arrives once, by e-mail and on WhatsApp, with its words', () => {
  const staffBookingStep = (id: number, event: object) =>
    bookingEvent(shop, shop.staff.token, id, event, true);
  const staffOrderStep = (id: number, event: object) => orderEvent(shop, shop.staff.token, id, event, true);
  /** Staff pack, ship and deliver the order. */
  const deliverOrder = async (id: number) => {
    for (const event of [
      { type: 'order.pack' },
      { type: 'order.ship', carrier: 'India Post', trackingNumber: 'EK123456789IN' },
      { type: 'order.deliver' },
    ])
      expect((await staffOrderStep(id, event)).status).toBe(200);
  };
  const received = () => ({
    subjects: smtp.received.map((r) => r.mail.subject),
    whatsapp: api.received.map((r) => r.name),
  });

  it('a booking: confirmed, locked, performed with its video, prasad shipped and delivered', async () => {
    const puja = await pujaOn(shop, 3 * DAY);
    const booking = await book(shop, shop.me, shop.myAddressId, { puja });
    shop.clock.advance(3 * DAY - 11 * HOUR);
    const read = await call(shop.app, 'GET', `/api/bookings/${booking.id}`, { token: shop.me.token });
    expect(read.body).toMatchObject({ booking: { status: 'sankalpLocked' } });
    shop.clock.advance(11 * HOUR);
    for (const event of [
      { type: 'booking.perform', videoUrl: 'https://youtu.be/dQw4w9WgXcQ' },
      { type: 'booking.shipPrasad', carrier: 'DTDC', trackingNumber: 'D1234567' },
      { type: 'booking.deliverPrasad' },
    ])
      expect((await staffBookingStep(booking.id, event)).status).toBe(200);
    await deliver();
    await deliver();
    const n = booking.bookingNumber;
    const puja_ = booking.puja.pujaName;
    expect(received()).toEqual({
      subjects: [
        `Booking ${n} confirmed: ${puja_}`,
        `Booking ${n}: the names are final`,
        `${puja_} performed: booking ${n}`,
        `Prasad for booking ${n} shipped`,
        `Prasad for booking ${n} delivered`,
      ],
      whatsapp: [
        'booking_confirmed',
        'booking_locked',
        'booking_performed',
        'booking_prasad_shipped',
        'booking_prasad_delivered',
      ],
    });
    const performed = smtp.received[2]!.mail.text ?? '';
    expect(performed).toContain('Watch it here: https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(api.received[2]!.parameters.at(-1)).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(smtp.received[3]!.mail.text).toContain('Carrier: DTDC. Tracking number: D1234567.');
    expect(api.received[3]!.parameters).toEqual(expect.arrayContaining(['DTDC', 'D1234567']));
  });

  it('a booking the temple could not perform: the dates offered', async () => {
    const puja = await pujaOn(shop, 3 * DAY);
    const booking = await book(shop, shop.me, shop.myAddressId, { puja });
    shop.clock.advance(3 * DAY);
    const offered = new Date(shop.clock.now().getTime() + 7 * DAY).toISOString();
    const marked = await staffBookingStep(booking.id, {
      type: 'booking.markNotPerformed',
      reason: 'The temple was closed for an eclipse',
      offeredDates: [offered],
    });
    expect(marked.status).toBe(200);
    await deliver();
    const subject = `Booking ${booking.bookingNumber}: ${booking.puja.pujaName} could not be performed`;
    expect(received().subjects).toContain(subject);
    const text = smtp.received.find((r) => r.mail.subject === subject)!.mail.text ?? '';
    expect(text).toContain('Reason: The temple was closed for an eclipse');
    expect(text).toContain(`You may choose a new date: ${inIndia(offered)}.`);
    const whatsapp = api.received.find((r) => r.name === 'booking_not_performed')!;
    expect(whatsapp.parameters).toContain(inIndia(offered));
  });

  it('an order: delivered, a damage claim received, then rejected with its reason', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    await deliverOrder(order.id);
    const photoId = await uploadPhoto(shop, shop.me.token);
    const claim = { type: 'order.claimDamage', note: 'The diya arrived bent.', photoId };
    expect((await orderEvent(shop, shop.me.token, order.id, claim)).status).toBe(200);
    const reject = { type: 'order.rejectClaim', reason: 'The scratch is on the packaging only' };
    expect((await staffOrderStep(order.id, reject)).status).toBe(200);
    await deliver();
    const n = order.orderNumber;
    expect(received()).toEqual({
      subjects: [
        `Order ${n} placed`,
        `Order ${n} packed`,
        `Order ${n} shipped`,
        `Order ${n} delivered`,
        `Damage claim for order ${n} received`,
        `Damage claim for order ${n} not approved`,
      ],
      whatsapp: [
        'order_placed',
        'order_packed',
        'order_shipped',
        'order_delivered',
        'order_claim_received',
        'order_claim_rejected',
      ],
    });
    expect(smtp.received[5]!.mail.text).toContain('Reason: The scratch is on the packaging only');
    expect(api.received[5]!.parameters).toContain('Reason: The scratch is on the packaging only');
  });

  it('an order paid online: a claim approved, and the refund with its amount and the 7–10 working days', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'online');
    await deliverOrder(order.id);
    const photoId = await uploadPhoto(shop, shop.me.token);
    await orderEvent(shop, shop.me.token, order.id, { type: 'order.claimDamage', note: 'Bent', photoId });
    expect((await staffOrderStep(order.id, { type: 'order.approveClaim', note: 'Sorry!' })).status).toBe(200);
    await deliver();
    const n = order.orderNumber;
    expect(received().subjects.slice(-2)).toEqual([
      `Damage claim for order ${n} approved`,
      `Refund for order ${n} sent`,
    ]);
    expect(received().whatsapp.slice(-2)).toEqual(['order_claim_approved', 'order_refunded']);
    expect(smtp.received.at(-1)!.mail.text).toContain(`We have refunded ${formatRupees(order.total)}`);
    expect(smtp.received.at(-1)!.mail.text).toContain('7–10 working days');
    expect(api.received.at(-1)!.parameters[1]).toBe(formatRupees(order.total));
  });
});

describe('a gift', () => {
  const gift = (recipientUpdates: boolean) => ({
    address: maduraiAddress({ mobile: '94430 66666' }),
    message: 'For Amma',
    recipientUpdates,
  });

  it('its recipient, who agreed, hears only that the puja was performed and the prasad shipped; the buyer hears everything', async () => {
    const puja = await pujaOn(shop, 3 * DAY);
    const booking = await book(shop, shop.me, 0, { puja, extra: { addressId: null, gift: gift(true) } });
    shop.clock.advance(3 * DAY);
    for (const event of [
      { type: 'booking.perform', videoUrl: 'https://youtu.be/dQw4w9WgXcQ' },
      { type: 'booking.shipPrasad', carrier: 'DTDC', trackingNumber: 'D7654321' },
      { type: 'booking.deliverPrasad' },
    ])
      expect((await bookingEvent(shop, shop.staff.token, booking.id, event, true)).status).toBe(200);
    await deliver();
    const toRecipient = api.received.filter((r) => r.to === '+919443066666');
    const recipient = booking.address.recipientName;
    expect(toRecipient).toEqual([
      expect.objectContaining({
        name: 'gift_performed',
        parameters: [
          recipient,
          booking.puja.pujaName,
          'Asha Rao',
          booking.puja.place,
          'Watch it here: https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        ],
      }),
      expect.objectContaining({
        name: 'gift_prasad_shipped',
        parameters: [recipient, booking.puja.pujaName, 'Asha Rao', 'DTDC', 'D7654321'],
      }),
    ]);
    // The buyer: every step, by e-mail and on WhatsApp; the recipient no e-mail at all.
    expect(api.received.filter((r) => r.to === MOBILE).map((r) => r.name)).toEqual([
      'booking_confirmed',
      'booking_locked',
      'booking_performed',
      'booking_prasad_shipped',
      'booking_prasad_delivered',
    ]);
    expect(smtp.received.every((r) => r.to.includes(shop.me.email))).toBe(true);
  });

  it('its recipient hears nothing when the buyer did not tick that they agreed', async () => {
    const puja = await pujaOn(shop, 3 * DAY);
    const booking = await book(shop, shop.me, 0, { puja, extra: { addressId: null, gift: gift(false) } });
    shop.clock.advance(3 * DAY);
    const perform = { type: 'booking.perform', videoUrl: 'https://youtu.be/dQw4w9WgXcQ' };
    expect((await bookingEvent(shop, shop.staff.token, booking.id, perform, true)).status).toBe(200);
    await deliver();
    expect(api.received.filter((r) => r.to === '+919443066666')).toEqual([]);
    expect(api.received.map((r) => r.name)).toContain('booking_performed');
  });
});

describe('delivery on WhatsApp', () => {
  it('an API that refuses three times, then takes it: sent exactly once', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    api.refuseNext(3);
    const before = api.requests();
    const errors: string[] = [];
    for (const wait of [0, 1, 2, 4]) {
      shop.clock.advance(wait * MINUTE);
      await deliver({ onFailure: (failure) => errors.push(failure.error) });
    }
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatch(/WhatsApp answered 503/);
    expect(api.requests()).toBe(before + 4);
    expect(api.received).toHaveLength(1);
    expect((await whatsAppRows(order.id))[0]).toMatchObject({ status: 'sent', attempts: 4 });
  });

  it('a process that died after the API took the message tries again with the same key, and the devotee gets it once', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    await deliver({ whatsapp: dyingAfter((message: WhatsAppMessage) => whatsapp.send(message)) });
    await leftSending(shop, order.id, 'whatsapp');
    const before = api.requests();
    await deliver();
    expect(api.requests()).toBe(before + 1);
    expect(api.received).toHaveLength(1);
    expect(api.received[0]!.key).toBe(`order:${order.id}:placed:whatsapp`);
    expect((await whatsAppRows(order.id))[0]).toMatchObject({ status: 'sent' });
  });

  it('a refusal is kept without the mobile or the token', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    const wrongToken = createWhatsAppSender({
      apiUrl: api.url,
      phoneNumberId: api.phoneNumberId,
      token: 'secret-123',
    });
    const echoing: WhatsAppSender = {
      send: () => Promise.reject(new Error(`Recipient ${MOBILE} (919845012345) is not a WhatsApp user`)),
    };
    const errors: string[] = [];
    await deliver({ whatsapp: wrongToken, onFailure: (f) => errors.push(f.error) });
    shop.clock.advance(MINUTE);
    await deliver({ whatsapp: echoing, onFailure: (f) => errors.push(f.error) });
    expect(errors[0]).toMatch(/401/);
    const kept = [...errors, ...(await whatsAppRows(order.id)).map((row) => row.lastError ?? '')].join('\n');
    expect(kept).not.toContain('secret-123');
    expect(kept).not.toContain('9845012345');
    expect(kept).toContain('•••');
  });

  it('without WhatsApp configured, the message is written to DATA_DIR/outbox/ as the JSON the API would take', async () => {
    const dir = path.join(shop.dir, 'outbox-whatsapp');
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    await deliver({ whatsapp: createWhatsAppFiles(dir) });
    const files = fs.readdirSync(dir).filter((name) => name.endsWith('.whatsapp.json'));
    expect(files).toHaveLength(1);
    expect(JSON.parse(fs.readFileSync(path.join(dir, files[0]!), 'utf8'))).toMatchObject({
      to: MOBILE,
      name: 'order_placed',
      parameters: [
        'Asha Rao',
        order.orderNumber,
        formatRupees(order.total),
        `https://shop.test/#/account/orders/${order.id}`,
      ],
    });
  });
});

describe('the WhatsApp templates', () => {
  it('each has a registrable name and a body with exactly as many {{n}} as its parameters', () => {
    const names = new Set<string>();
    for (const [key, template] of Object.entries(whatsAppTemplates)) {
      expect(template.name, key).toMatch(/^[a-z0-9_]{1,512}$/);
      names.add(template.name);
      const slots = [...template.body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1]));
      expect(slots, key).toEqual(slots.map((_, i) => i + 1));
    }
    expect(names.size).toBe(Object.keys(whatsAppTemplates).length);
  });

  it('the README lists each, with its body as registered, ready for Meta', () => {
    const readme = fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
    const table = /<!-- whatsapp-templates:start -->([\s\S]*)<!-- whatsapp-templates:end -->/.exec(
      readme,
    )![1]!;
    const listed = table
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split('|').map((cell) => cell.trim()));
    expect(listed.map((cells) => [cells[1], cells[4]])).toEqual(
      Object.values(whatsAppTemplates).map((t) => [`\`${t.name}\``, t.body]),
    );
  });
});
