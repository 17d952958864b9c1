/**
 * The shop speaks at every step (docs/product-rules.md, Messages to customers;
 * docs/decisions/0071-messages-through-a-transactional-outbox.md): each step writes its message
 * into the outbox in its own transaction, and the scheduler's delivery sends it through a real
 * SMTP server on loopback, once, with its words, however often a try fails or a process dies.
 */
import * as v from 'valibot';
import {
  AdminMessagePageResponse,
  MessageTemplatesResponse,
  type AdminMessageListResponse,
  type AdminMessageResponse,
} from '../../contract/admin/messages.ts';
import { messageTemplateLabels } from '../../contract/message-labels.ts';
import type { TodayResponse } from '../../contract/admin/today.ts';
import { formatRupees } from '../../contract/money.ts';
import { MESSAGE_MAX_ATTEMPTS } from '../../contract/messages.ts';
import { createApp } from '../../server/app.ts';
import { type Mail } from '../../server/mail/mailer.ts';
import { deliverDueMessages } from '../../server/messages/deliver.ts';
import { queueNamesReminders } from '../../server/messages/outbox.ts';
import { preferencesUrl, signPreferencesToken } from '../../server/messages/preferences-token.ts';
import { sampleBooking, sampleOrder } from '../../server/messages/samples.ts';
import { bookingTemplates, inIndia, orderTemplates } from '../../server/messages/templates.ts';
import {
  book,
  bookingEvent,
  DAY,
  HOUR,
  MINUTE,
  orderEvent,
  placeOrder,
  pujaOn,
} from '../support/lifecycle.ts';
import { call } from '../support/accounts.ts';
import { deliveringShopPerFile, dyingAfter, leftSending, messageRender } from '../support/outbox.ts';

const { shop, smtp, mailer, deliver } = deliveringShopPerFile();
const outboxOf = (kind: 'order' | 'booking', id: number) =>
  shop.db
    .selectFrom('outbox')
    .selectAll()
    .where('recordKind', '=', kind)
    .where('recordId', '=', id)
    .orderBy('id')
    .execute();
const subjects = () => smtp.received.map((r) => r.mail.subject);
const textOf = (subject: string) => {
  const found = smtp.received.filter((r) => r.mail.subject === subject);
  expect(found).toHaveLength(1);
  return found[0]!.mail.text ?? '';
};

describe('an order', () => {
  it('placed: the message is in the outbox with the order, not sent in the request; delivery sends it once', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    expect(smtp.received).toHaveLength(0);
    const rows = await outboxOf('order', order.id);
    expect(rows.map((r) => [r.template, r.status, r.recipient])).toEqual([
      ['order.placed', 'queued', shop.me.email],
    ]);

    expect(await deliver()).toBe(1);
    expect(await deliver()).toBe(0);
    expect(smtp.received.map((r) => r.to)).toEqual([[shop.me.email]]);
    const text = textOf(`Order ${order.orderNumber} placed`);
    expect(text).toContain('Namaste Asha Rao,');
    expect(text).toContain(`Thank you for your order ${order.orderNumber} of ${formatRupees(order.total)}.`);
    expect(text).toContain(`https://shop.test/#/account/orders/${order.id}`);
    expect(smtp.received[0]!.mail.html).toContain(`href="https://shop.test/#/account/orders/${order.id}"`);
    expect((await outboxOf('order', order.id))[0]).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: null,
    });
  });

  it('a refused order writes no message', async () => {
    const before = await shop.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await shop.app.request('/api/orders', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${shop.me.token}` },
      body: JSON.stringify({
        address_id: shop.myAddressId,
        items: [{ product_id: shop.productId, quantity: 1 }],
        payment_method: 'cod',
        expected_total: 1,
      }),
    });
    expect(res.status).toBe(409);
    const after = await shop.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('every step after the sale sends its message: packed, shipped with the tracking, delivered', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    for (const event of [
      { type: 'order.pack' },
      { type: 'order.ship', carrier: 'India Post', trackingNumber: 'EK123456789IN' },
      { type: 'order.deliver' },
    ]) {
      shop.clock.advance(MINUTE);
      expect((await orderEvent(shop, shop.staff.token, order.id, event, true)).status).toBe(200);
    }
    expect(await deliver()).toBe(4);
    const n = order.orderNumber;
    expect(subjects()).toEqual([
      `Order ${n} placed`,
      `Order ${n} packed`,
      `Order ${n} shipped`,
      `Order ${n} delivered`,
    ]);
    expect(textOf(`Order ${n} shipped`)).toContain('Carrier: India Post. Tracking number: EK123456789IN.');
  });

  it('cancelled and refunded online: both messages, the refund with its amount, reference and days', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'online');
    const res = await orderEvent(shop, shop.me.token, order.id, {
      type: 'order.cancel',
      reason: 'Ordered twice',
    });
    expect(res.status).toBe(200);
    await deliver();
    const n = order.orderNumber;
    expect(subjects()).toEqual([`Order ${n} placed`, `Order ${n} cancelled`, `Refund for order ${n} sent`]);
    expect(textOf(`Order ${n} cancelled`)).toContain('Reason: Ordered twice');
    const refund = textOf(`Refund for order ${n} sent`);
    expect(refund).toMatch(
      new RegExp(`We have refunded ${formatRupees(order.total)} \\(reference simrfnd_[^)]+\\)\\.`),
    );
    expect(refund).toContain('7–10 working days');
  });
});

describe('a booking', () => {
  it('confirmed: number, puja, temple, India time, persons and amount', async () => {
    const booking = await book(shop, shop.me, shop.myAddressId, { noPersons: 1 });
    await deliver();
    const text = textOf(`Booking ${booking.bookingNumber} confirmed: ${booking.puja.pujaName}`);
    expect(text).toContain(
      `Your booking ${booking.bookingNumber} is confirmed: ${booking.puja.pujaName} at ${booking.puja.place}, on ${inIndia(booking.puja.pujaDate)}.`,
    );
    expect(text).toContain(`The sankalp will be made for: ${booking.persons.map((p) => p.name).join(', ')}.`);
    expect(text).toContain(`Amount paid: ${formatRupees(booking.amount)}.`);
    expect(text).toContain(`https://shop.test/#/account/bookings/${booking.id}`);
  });

  it('cancelled by the customer: the cancellation and the refund', async () => {
    const booking = await book(shop, shop.me, shop.myAddressId);
    expect(
      (await bookingEvent(shop, shop.me.token, booking.id, { type: 'booking.cancel', reason: 'Travel' }))
        .status,
    ).toBe(200);
    await deliver();
    const n = booking.bookingNumber;
    expect(subjects()).toEqual([
      `Booking ${n} confirmed: ${booking.puja.pujaName}`,
      `Booking ${n} cancelled`,
      `Refund for booking ${n} sent`,
    ]);
  });
});

describe('check the names', () => {
  const reminders = async (bookingId: number) =>
    (await outboxOf('booking', bookingId)).filter((row) => row.template === 'booking.checkNames');

  it('is written once, 24 hours before the names lock, and says until when they can be corrected', async () => {
    const puja = await pujaOn(shop, 10 * DAY);
    const booking = await book(shop, shop.me, shop.myAddressId, { puja });
    const lockAt = Date.parse(booking.puja.pujaDate) - 12 * HOUR;
    shop.clock.set(new Date(lockAt - 24 * HOUR - MINUTE));
    await queueNamesReminders(shop.db, shop.clock.now());
    expect(await reminders(booking.id)).toHaveLength(0);
    shop.clock.advance(MINUTE);
    await queueNamesReminders(shop.db, shop.clock.now());
    shop.clock.advance(30 * MINUTE);
    await queueNamesReminders(shop.db, shop.clock.now());
    expect(await reminders(booking.id)).toHaveLength(1);
    await deliver();
    const text = textOf(`Booking ${booking.bookingNumber}: check the names before they lock`);
    expect(text).toContain(`You can correct them until ${inIndia(new Date(lockAt).toISOString())}.`);
    expect(text).toContain(booking.persons.map((p) => p.name).join(', '));
  });

  it('is not written for a booking made inside those 24 hours', async () => {
    const puja = await pujaOn(shop, 30 * HOUR);
    const booking = await book(shop, shop.me, shop.myAddressId, { puja });
    shop.clock.advance(MINUTE);
    await queueNamesReminders(shop.db, shop.clock.now());
    shop.clock.advance(6 * HOUR);
    await queueNamesReminders(shop.db, shop.clock.now());
    expect(await reminders(booking.id)).toHaveLength(0);
  });
});

describe('delivery', () => {
  it('says India time as India reads it, whatever the machine’s zone', () => {
    expect(inIndia('2026-11-28T13:00:00.000Z')).toBe('Saturday, 28 November 2026 at 6:30 pm');
  });

  it('a provider that refuses three times, then takes it: sent exactly once, after waits of 1, 2 and 4 minutes', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    smtp.refuseNext(3);
    const failures: number[] = [];
    const tryNow = () => deliver({ onFailure: (f) => failures.push(f.attempts) });
    expect(await tryNow()).toBe(0);
    const [row] = await outboxOf('order', order.id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row!.lastError).toMatch(/451/);
    expect(Date.parse(row!.nextAttemptAt) - shop.clock.now().getTime()).toBe(MINUTE);
    // Not due yet: nothing is tried.
    expect(await tryNow()).toBe(0);
    expect(failures).toEqual([1]);
    for (const wait of [1, 2, 4]) {
      shop.clock.advance(wait * MINUTE);
      await tryNow();
    }
    expect(failures).toEqual([1, 2, 3]);
    expect(smtp.received).toHaveLength(1);
    expect((await outboxOf('order', order.id))[0]).toMatchObject({
      status: 'sent',
      attempts: 4,
      lastError: null,
    });
  });

  it(`after ${MESSAGE_MAX_ATTEMPTS} refused tries the message is marked failed, with its last error, and tried no more`, async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    smtp.refuseNext(100);
    for (let i = 0; i < MESSAGE_MAX_ATTEMPTS + 2; i += 1) {
      await deliver();
      shop.clock.advance(60 * MINUTE);
    }
    smtp.refuseNext(0);
    expect((await outboxOf('order', order.id))[0]).toMatchObject({
      status: 'failed',
      attempts: MESSAGE_MAX_ATTEMPTS,
    });
    expect(smtp.received).toHaveLength(0);
  });

  it('a process that died after the provider took the message tries it again with the same key', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    await deliver({ mailer: dyingAfter((mail: Mail) => mailer.send(mail)) });
    await leftSending(shop, order.id, 'email');
    await deliver();
    expect(smtp.received).toHaveLength(2);
    const [first, second] = smtp.received.map((r) => r.mail);
    expect(first!.messageId).toBe(second!.messageId);
    expect(first!.headers.get('idempotency-key')).toBe(`order:${order.id}:placed:email`);
    expect(second!.headers.get('idempotency-key')).toBe(`order:${order.id}:placed:email`);
  });

  it('two processes delivering from one outbox at once send each message once', async () => {
    for (let i = 0; i < 4; i += 1) await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    const second = await shop.database.open();
    try {
      const sent = await Promise.all([
        deliver(),
        deliverDueMessages({ db: second, mailer, render: messageRender, now: shop.clock.now }),
      ]);
      expect(sent[0] + sent[1]).toBe(4);
    } finally {
      await second.destroy();
    }
    expect(smtp.received).toHaveLength(4);
    expect(new Set(smtp.received.map((r) => r.mail.messageId)).size).toBe(4);
  });
});

describe('the preferences link', () => {
  it('every e-mail to a customer carries a signed link to their message preferences, which opens them without signing in', async () => {
    const authSecret = 'a-test-auth-secret-of-at-least-32-characters';
    const app = createApp({ db: shop.db, now: shop.clock.now, authSecret, publicUrl: 'https://shop.test' });
    const preferencesLink = (userId: number) =>
      preferencesUrl('https://shop.test', signPreferencesToken(authSecret, userId));
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    await deliver({ render: { ...messageRender, preferencesLink } });
    const text = textOf(`Order ${order.orderNumber} placed`);
    const token =
      /Choose which messages you get: https:\/\/shop\.test\/#\/messages\/preferences\?token=(\S+)/.exec(
        text,
      )?.[1];
    expect(token, text).toBeDefined();
    const opened = await call(app, 'GET', `/api/messages/preferences/${decodeURIComponent(token!)}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ preferences: { email: true } });
    const html = smtp.received[0]!.mail.html || '';
    expect(html).toContain('Choose which messages you get</a>');
  });
});

describe('the e-mails a person asks for', () => {
  const resetRows = () =>
    shop.db
      .selectFrom('outbox')
      .selectAll()
      .where('template', '=', 'account.passwordReset')
      .where('userId', '=', shop.me.user.id)
      .orderBy('id')
      .execute();

  it('the reset link goes through the outbox: a refused first try is sent by the retries, and the link is not kept once sent', async () => {
    const refusing = createApp({
      db: shop.db,
      now: shop.clock.now,
      publicUrl: 'https://shop.test',
      mailer: { send: () => Promise.reject(new Error('SMTP down')) },
    });
    const before = (await resetRows()).length;
    const res = await call(refusing, 'POST', '/api/auth/forgot-password', { json: { email: shop.me.email } });
    expect(res.status).toBe(200);
    const row = await vi.waitFor(async () => {
      const rows = await resetRows();
      if (rows.length === before || rows.at(-1)!.attempts === 0) throw new Error('not tried yet');
      return rows.at(-1)!;
    });
    expect(row).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'SMTP down',
      recipient: shop.me.email,
    });
    shop.clock.advance(MINUTE);
    await deliver();
    const [mail] = smtp.received;
    expect(mail!.mail.subject).toBe('Reset your Test Shop password');
    expect(mail!.mail.text).toMatch(/https:\/\/shop\.test\/#\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    const sent = (await resetRows()).at(-1)!;
    expect(sent.status).toBe('sent');
    expect(sent.params).not.toContain('token=');
  });
});

describe('staff', () => {
  it('hear of each new order and booking at SHOP_NOTIFY_EMAIL, with the link to its back-office page', async () => {
    const notifying = {
      ...shop,
      app: createApp({ db: shop.db, now: shop.clock.now, shopNotifyEmail: 'seva@shop.test' }),
    };
    const order = await placeOrder(notifying, shop.me, shop.myAddressId, 'cod');
    const booking = await book(notifying, shop.me, shop.myAddressId);
    await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    await deliver();
    const toStaff = smtp.received.filter((r) => r.to.includes('seva@shop.test'));
    expect(toStaff.map((r) => r.mail.subject)).toEqual([
      `New order ${order.orderNumber}: ${formatRupees(order.total)}`,
      `New booking ${booking.bookingNumber}: ${booking.puja.pujaName}`,
    ]);
    expect(toStaff[0]!.mail.text).toContain(`Asha Rao placed order ${order.orderNumber}`);
    expect(toStaff[0]!.mail.text).toContain(`https://shop.test/#/admin/orders/${order.id}`);
    expect(toStaff[1]!.mail.text).toContain(`https://shop.test/#/admin/bookings/${booking.id}`);
  });

  const asStaff = (method: 'GET' | 'POST', url: string, json?: object) =>
    call(shop.app, method, url, { token: shop.staff.token, ...(json ? { json } : {}) });

  it('see an order’s messages, the failed ones and their count on Today, and send a failed one again, once', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    smtp.refuseNext(MESSAGE_MAX_ATTEMPTS);
    for (let i = 0; i < MESSAGE_MAX_ATTEMPTS; i += 1) {
      await deliver();
      shop.clock.advance(60 * MINUTE);
    }
    const today = (await asStaff('GET', '/api/admin/today')).body as TodayResponse;
    expect(today.waiting.failedMessages).toBeGreaterThanOrEqual(1);

    const listed = (await asStaff('GET', `/api/admin/orders/${order.id}/messages`))
      .body as AdminMessageListResponse;
    const [message] = listed.messages;
    expect(message).toMatchObject({
      template: 'order.placed',
      status: 'failed',
      attempts: MESSAGE_MAX_ATTEMPTS,
    });
    expect(message!.lastError).toMatch(/451/);
    // The address is masked: enough to tell it apart, not to copy it.
    expect(message!.recipient).toBe(
      `${shop.me.email[0]}•••${shop.me.email.slice(shop.me.email.indexOf('@'))}`,
    );
    const failed = v.parse(
      AdminMessagePageResponse,
      (await asStaff('GET', '/api/admin/messages?status=failed')).body,
    );
    expect(failed.messages.map((m) => m.id)).toContain(message!.id);

    const resent = await asStaff('POST', `/api/admin/messages/${message!.id}/resend`, {});
    expect(resent.status).toBe(200);
    expect((resent.body as AdminMessageResponse).message).toMatchObject({ status: 'queued', attempts: 0 });
    // Only a failed one: sending it again twice is refused, and nothing changes.
    const again = await asStaff('POST', `/api/admin/messages/${message!.id}/resend`, {});
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'message_not_failed',
      message: 'Only a message that failed can be sent again.',
    });

    expect(await deliver()).toBeGreaterThanOrEqual(1);
    expect(subjects().filter((s) => s === `Order ${order.orderNumber} placed`)).toHaveLength(1);
    const audit = await shop.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'message.resend')
      .execute();
    expect(audit.map((a) => a.entityId)).toContain(String(message!.id));
  });

  it('a message unknown, or an order’s list of an unknown order: 404', async () => {
    expect((await asStaff('POST', '/api/admin/messages/999999/resend', {})).status).toBe(404);
    expect((await asStaff('GET', '/api/admin/orders/999999/messages')).status).toBe(404);
    expect((await asStaff('GET', '/api/admin/messages?status=lost')).status).toBe(400);
  });

  it('list the messages a page at a time, newest first, with the count of each status', async () => {
    for (let i = 0; i < 3; i += 1) await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    const all = v.parse(AdminMessagePageResponse, (await asStaff('GET', '/api/admin/messages')).body);
    const statuses = ['queued', 'sending', 'sent', 'failed'] as const;
    expect(all.total).toBe(statuses.reduce((sum, s) => sum + all.counts[s], 0));
    expect(all.counts.queued).toBeGreaterThanOrEqual(3);

    const queued = v.parse(
      AdminMessagePageResponse,
      (await asStaff('GET', '/api/admin/messages?status=queued&limit=2')).body,
    );
    expect(queued.total).toBe(all.counts.queued);
    expect(queued.messages).toHaveLength(2);
    expect(queued.messages.every((m) => m.status === 'queued')).toBe(true);
    const [newer, older] = queued.messages;
    expect(newer!.id).toBeGreaterThan(older!.id);
    const next = v.parse(
      AdminMessagePageResponse,
      (await asStaff('GET', '/api/admin/messages?status=queued&limit=2&offset=2')).body,
    );
    expect(next.messages[0]!.id).toBeLessThan(older!.id);
    expect((await asStaff('GET', '/api/admin/messages?limit=0')).status).toBe(400);
    expect((await asStaff('GET', '/api/admin/messages?offset=-1')).status).toBe(400);
  });
});

describe('the preview of the templates', () => {
  const preview = async () => {
    const res = await call(shop.app, 'GET', '/api/admin/messages/templates', { token: shop.staff.token });
    expect(res.status).toBe(200);
    return v.parse(MessageTemplatesResponse, res.body).templates;
  };

  it('renders every template with sample facts, as an e-mail (subject, plain text, HTML) and as its WhatsApp template', async () => {
    const templates = await preview();
    expect(templates.map((t) => t.template)).toEqual([
      ...Object.keys(orderTemplates),
      ...Object.keys(bookingTemplates),
      'waitlist.offered',
      'waitlist.closed',
      'gift.performed',
      'gift.prasadShipped',
      'staff.newOrder',
      'staff.newBooking',
      'account.passwordReset',
      'account.staffInvitation',
    ]);
    for (const t of templates) {
      expect(t.label).toBe(messageTemplateLabels[t.template as keyof typeof messageTemplateLabels]);
      const channels = t.template.startsWith('gift.')
        ? ['whatsapp']
        : t.template.startsWith('staff.') || t.template.startsWith('account.')
          ? ['email']
          : ['email', 'whatsapp'];
      expect(
        t.channels.map((ch) => ch.channel),
        t.template,
      ).toEqual(channels);
    }
    // docs/product-rules.md, Waitlist: the offer names the date and the pay-by time in India's
    // time, and links into the wizard at Payment.
    const offer = templates.find((t) => t.template === 'waitlist.offered')!;
    const offerEmail = offer.channels[0];
    if (offerEmail?.channel !== 'email') throw new Error('an e-mail expected');
    expect(offerEmail.subject).toBe('A place has opened for Rudrabhishekam on 12 December 2026');
    expect(offerEmail.text).toContain('until Thursday, 10 December 2026 at 2:00 pm, India time');
    expect(offerEmail.text).toContain('/#/puja-booking/4?package=9&step=payment&waitlist=12');
    // A line closed before a place freed: nothing charged, a link to the puja's other dates.
    const closed = templates.find((t) => t.template === 'waitlist.closed')!;
    const closedEmail = closed.channels[0];
    if (closedEmail?.channel !== 'email') throw new Error('an e-mail expected');
    expect(closedEmail.subject).toBe('The waitlist for Rudrabhishekam on 12 December 2026 has closed');
    expect(closedEmail.text).toContain('You were not charged anything.');
    expect(closedEmail.text).toContain('See the other dates: ');
    expect(closedEmail.text).toContain('/#/pujas/4');
    const shipped = templates.find((t) => t.template === 'order.shipped')!;
    expect(shipped.label).toBe('Order shipped');
    const [email, whatsapp] = shipped.channels;
    if (email?.channel !== 'email' || whatsapp?.channel !== 'whatsapp')
      throw new Error('both channels expected');
    expect(email).toMatchObject({ subject: `Order ${sampleOrder.number} shipped` });
    expect(email.text).toContain(`Namaste ${sampleOrder.name},`);
    expect(email.text).toContain('Carrier: India Post. Tracking number: EK123456789IN.');
    // The app's PUBLIC_URL and SHOP_NAME, as the sent message has them.
    expect(email.text).toContain(`/#/account/orders/${sampleOrder.id}`);
    expect(email.html).toMatch(/^<!doctype html>/);
    expect(email.html).toContain('<p>Carrier: India Post. Tracking number: EK123456789IN.</p>');
    expect(whatsapp).toMatchObject({ name: 'order_shipped', language: 'en' });
    expect(whatsapp.body).toContain('tracking number {{4}}');
    expect(whatsapp.parameters.slice(0, 4)).toEqual([
      sampleOrder.name,
      sampleOrder.number,
      'India Post',
      'EK123456789IN',
    ]);

    const notPerformed = templates.find((t) => t.template === 'booking.notPerformed')!.channels[0]!;
    if (notPerformed.channel !== 'email') throw new Error('e-mail first');
    expect(notPerformed.text).toContain(
      `You may choose a new date: ${sampleBooking.offeredDates!.map(inIndia).join('; ')}.`,
    );
  });

  it('is for staff alone', async () => {
    expect(
      (await call(shop.app, 'GET', '/api/admin/messages/templates', { token: shop.me.token })).status,
    ).toBe(403);
    expect((await call(shop.app, 'GET', '/api/admin/messages/templates')).status).toBe(401);
  });
});
