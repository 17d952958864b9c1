/**
 * The customer's Messages section and consent (docs/product-rules.md, Messages to customers,
 * Consent): the channels and the messages sent, own data only; WhatsApp only after the unticked
 * box was ticked (at sign-up, in the account, at checkout, in the booking wizard), each consent
 * and withdrawal logged with its words, time and source; the signed preferences link that works
 * without signing in; a gift's recipient's agreement kept on the booking.
 */
import * as v from 'valibot';
import {
  accountMessagesMessages,
  AccountMessagesResponse,
  LinkPreferencesResponse,
  PreferencesResponse,
} from '../../contract/account-messages.ts';
import { addressMessages } from '../../contract/address.ts';
import { WHATSAPP_CONSENT_WORDS } from '../../contract/messages.ts';
import { createApp, type App } from '../../server/app.ts';
import { listConsents } from '../../server/db/repositories/message-preferences.ts';
import {
  preferencesUrl,
  readPreferencesToken,
  signPreferencesToken,
} from '../../server/messages/preferences-token.ts';
import { call, registerAndLogin } from '../support/accounts.ts';
import { maduraiAddress } from '../support/addresses.ts';
import { bookingBody } from '../support/bookings.ts';
import { book, createLifecycleShop, placeOrder, type LifecycleShop } from '../support/lifecycle.ts';
import { addAddress } from '../support/orders.ts';
import { paid } from '../support/payments.ts';
import { shopPerFile } from '../support/prelude.ts';
import { expectClearRefusal, expectNothingChanged, SECRET } from '../security/security-shop.ts';

const shop = shopPerFile(createLifecycleShop);

const as = (token: string | undefined) => (method: string, url: string, json?: unknown) =>
  call(shop.app, method, url, { token, json });

async function messagesOf(token: string) {
  const res = await as(token)('GET', '/api/account/messages');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return v.parse(AccountMessagesResponse, res.body);
}

async function putPreferences(token: string, json: unknown) {
  const res = await as(token)('PUT', '/api/account/messages/preferences', json);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return v.parse(PreferencesResponse, res.body).preferences;
}

/** A fresh customer (with a phone unless told), for tests that start from no consent. */
const newCustomer = (phone: string | null = '98450 67890') =>
  registerAndLogin(shop.app, { name: 'Meena Iyer', ...(phone ? { phone } : {}) });

/** The app over the same database with a known secret (to sign links) and the given link limit. */
function appWithSecret(s: LifecycleShop, points = 1000): App {
  return createApp({
    db: s.db,
    now: s.clock.now,
    authSecret: SECRET,
    limits: { preferencesLinkPerAddress: { points, windowSeconds: 600 } },
  });
}

describe('GET /api/account/messages', () => {
  it('starts with e-mail on and WhatsApp off, and lists the customer’s own messages newest first with a label', async () => {
    const customer = await newCustomer();
    expect((await messagesOf(customer.token)).preferences).toEqual({ email: true, whatsapp: null });

    const { id: addressId } = await addAddress(shop.app, customer);
    const order = await placeOrder(shop, customer, addressId);
    const booking = await book(shop, customer, addressId);
    // Another customer's messages never show.
    await placeOrder(shop, shop.other, shop.otherAddressId);

    const { messages } = await messagesOf(customer.token);
    expect(messages.map((m) => [m.template, m.label, m.channel, m.recordKind, m.recordId])).toEqual([
      ['booking.confirmed', 'Booking confirmed', 'email', 'booking', booking.id],
      ['order.placed', 'Order placed', 'email', 'order', order.id],
    ]);
    expect(messages[0]).toMatchObject({ status: 'queued', sentAt: null });
    expect(Date.parse(messages[0]!.createdAt)).not.toBeNaN();
  });

  it('lists at most 100, the newest', async () => {
    const customer = await newCustomer();
    const now = new Date().toISOString();
    await shop.db
      .insertInto('outbox')
      .values(
        Array.from({ length: 105 }, (_, i) => ({
          messageKey: `test:${customer.user.id}:${i}`,
          channel: 'email' as const,
          template: 'order.shipped',
          params: '{}',
          recipient: customer.email,
          userId: customer.user.id,
          recordKind: 'order' as const,
          recordId: i + 1,
          nextAttemptAt: now,
          createdAt: now,
          sentAt: null,
          claimedUntil: null,
          lastError: null,
        })),
      )
      .execute();
    const { messages } = await messagesOf(customer.token);
    expect(messages).toHaveLength(100);
    expect(messages[0]!.recordId).toBe(105);
    expect(messages[0]!.label).toBe('Order shipped');
  });

  it('needs a sign-in', async () => {
    expectClearRefusal(await as(undefined)('GET', '/api/account/messages'), 401);
    expectClearRefusal(
      await as(undefined)('PUT', '/api/account/messages/preferences', { email: false }),
      401,
    );
  });
});

describe('PUT /api/account/messages/preferences', () => {
  it('gives WhatsApp consent with the words, the time and the source, and shows the mobile masked', async () => {
    const customer = await newCustomer();
    shop.clock.set('2026-12-05T04:30:00.000Z');
    const preferences = await putPreferences(customer.token, { whatsapp: { mobile: '+91 98450 12345' } });
    expect(preferences).toEqual({ email: true, whatsapp: { mobile: '•••••12345' } });
    expect(await listConsents(shop.db, customer.user.id)).toEqual([
      {
        channel: 'whatsapp',
        granted: 1,
        words: WHATSAPP_CONSENT_WORDS,
        mobile: '+919845012345',
        source: 'account',
        at: '2026-12-05T04:30:00.000Z',
      },
    ]);
    expect((await messagesOf(customer.token)).preferences.whatsapp).toEqual({ mobile: '•••••12345' });
  });

  it('withdraws WhatsApp in one request (null), logged as withdrawn; withdrawing again logs nothing', async () => {
    const customer = await newCustomer();
    await putPreferences(customer.token, { whatsapp: { mobile: '9845012345' } });
    shop.clock.set('2026-12-06T10:00:00.000Z');
    expect(await putPreferences(customer.token, { whatsapp: null })).toEqual({ email: true, whatsapp: null });
    const [withdrawn] = await listConsents(shop.db, customer.user.id);
    expect(withdrawn).toEqual({
      channel: 'whatsapp',
      granted: 0,
      words: WHATSAPP_CONSENT_WORDS,
      mobile: null,
      source: 'account',
      at: '2026-12-06T10:00:00.000Z',
    });
    await putPreferences(customer.token, { whatsapp: null });
    expect(await listConsents(shop.db, customer.user.id)).toHaveLength(2);
  });

  it('switches e-mail off and on, each logged; the same choice again changes nothing', async () => {
    const customer = await newCustomer();
    expect(await putPreferences(customer.token, { email: false })).toEqual({ email: false, whatsapp: null });
    expect((await messagesOf(customer.token)).preferences.email).toBe(false);
    await putPreferences(customer.token, { email: false });
    expect(await putPreferences(customer.token, { email: true })).toEqual({ email: true, whatsapp: null });
    expect(
      (await listConsents(shop.db, customer.user.id)).map((c) => [c.channel, c.granted, c.source]),
    ).toEqual([
      ['email', 1, 'account'],
      ['email', 0, 'account'],
    ]);
  });

  it('refuses a mobile that is not a 10-digit Indian one, and bad values, naming the problem and changing nothing', async () => {
    const customer = await newCustomer();
    await expectNothingChanged(shop.db, async () => {
      const landline = await as(customer.token)('PUT', '/api/account/messages/preferences', {
        whatsapp: { mobile: '2345 6789' },
      });
      expectClearRefusal(landline, 400);
      expect(landline.body).toMatchObject({ message: addressMessages.mobileInvalid });
      const words = await as(customer.token)('PUT', '/api/account/messages/preferences', { email: 'no' });
      expectClearRefusal(words, 400);
      expect(words.body).toMatchObject({ message: accountMessagesMessages.emailInvalid });
      expectClearRefusal(
        await as(customer.token)('PUT', '/api/account/messages/preferences', { whatsapp: '9845012345' }),
        400,
      );
    });
  });
});

describe('the signed preferences link', () => {
  it('reads back the customer it was signed for, and nothing else', () => {
    const token = signPreferencesToken(SECRET, 42);
    expect(token).toMatch(/^42\.[A-Za-z0-9_-]{43}$/);
    expect(readPreferencesToken(SECRET, token)).toBe(42);
    // Signed with another secret, for another customer, or tampered with: no one.
    expect(readPreferencesToken(`${SECRET}-other`, token)).toBeNull();
    expect(readPreferencesToken(SECRET, token.replace(/^42\./, '43.'))).toBeNull();
    const mac = token.split('.')[1]!;
    const flipped = `42.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
    expect(readPreferencesToken(SECRET, flipped)).toBeNull();
    expect(readPreferencesToken(SECRET, `42.${mac.slice(0, -1)}`)).toBeNull();
    expect(readPreferencesToken(SECRET, '')).toBeNull();
    expect(readPreferencesToken(SECRET, 'not a token')).toBeNull();
  });

  it('links to the SPA’s preferences page, which routes by the hash', () => {
    const token = signPreferencesToken(SECRET, 7);
    expect(preferencesUrl('https://divyapujaseva.in/', token)).toBe(
      `https://divyapujaseva.in/#/messages/preferences?token=${token}`,
    );
  });

  it('shows and changes the customer’s preferences without a sign-in, logged as from the link', async () => {
    const app = appWithSecret(shop);
    const customer = await newCustomer();
    const token = signPreferencesToken(SECRET, customer.user.id);
    const read = await call(app, 'GET', `/api/messages/preferences/${token}`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(v.parse(LinkPreferencesResponse, read.body)).toEqual({
      name: 'Meena',
      preferences: { email: true, whatsapp: null },
    });

    const on = await call(app, 'PUT', `/api/messages/preferences/${token}`, {
      json: { email: false, whatsapp: { mobile: '94430 12345' } },
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(v.parse(PreferencesResponse, on.body).preferences).toEqual({
      email: false,
      whatsapp: { mobile: '•••••12345' },
    });
    const log = await listConsents(shop.db, customer.user.id);
    expect(log.map((c) => [c.channel, c.granted, c.source, c.mobile])).toEqual([
      ['whatsapp', 1, 'preferences-link', '+919443012345'],
      ['email', 0, 'preferences-link', null],
    ]);
    // The same customer sees it in the account.
    expect((await messagesOf(customer.token)).preferences).toEqual({
      email: false,
      whatsapp: { mobile: '•••••12345' },
    });
  });

  it('answers a bad, tampered or foreign link 404 {message}, changing nothing', async () => {
    const app = appWithSecret(shop);
    const customer = await newCustomer();
    const good = signPreferencesToken(SECRET, customer.user.id);
    const bad = [
      'nonsense',
      signPreferencesToken('a-different-secret-that-is-long-enough-000', customer.user.id),
      `${good.slice(0, -2)}${good.endsWith('AA') ? 'BB' : 'AA'}`,
      // Signed properly, but for no account.
      signPreferencesToken(SECRET, 999_999),
    ];
    await expectNothingChanged(shop.db, async () => {
      for (const token of bad) {
        const read = await call(app, 'GET', `/api/messages/preferences/${token}`);
        expectClearRefusal(read, 404, token);
        expect(read.body).toMatchObject({ message: accountMessagesMessages.linkInvalid });
        expectClearRefusal(
          await call(app, 'PUT', `/api/messages/preferences/${token}`, { json: { email: false } }),
          404,
          token,
        );
      }
    });
    // The shop's own app signs with another secret: its links are not this app's.
    expectClearRefusal(await call(shop.app, 'GET', `/api/messages/preferences/${good}`), 404);
  });

  it('refuses a bad body on a good link with a 400 naming the field', async () => {
    const app = appWithSecret(shop);
    const customer = await newCustomer();
    const token = signPreferencesToken(SECRET, customer.user.id);
    const res = await call(app, 'PUT', `/api/messages/preferences/${token}`, {
      json: { whatsapp: { mobile: '12345' } },
    });
    expectClearRefusal(res, 400);
    expect(res.body).toMatchObject({ message: addressMessages.mobileInvalid });
  });

  it('is limited per network address, as the other routes open to anyone are', async () => {
    const app = appWithSecret(shop, 3);
    const customer = await newCustomer();
    const token = signPreferencesToken(SECRET, customer.user.id);
    const from = '203.0.113.9';
    for (let i = 0; i < 3; i++)
      expect((await call(app, 'GET', `/api/messages/preferences/nonsense-${i}`, { from })).status).toBe(404);
    const limited = await call(app, 'GET', `/api/messages/preferences/${token}`, { from });
    expectClearRefusal(limited, 429);
    expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/);
    // Another address is not held back.
    expect(
      (await call(app, 'GET', `/api/messages/preferences/${token}`, { from: '198.51.100.4' })).status,
    ).toBe(200);
  });
});

describe('the unticked box at sign-up', () => {
  const register = (json: Record<string, unknown>) =>
    call(shop.app, 'POST', '/api/auth/register', {
      json: { name: 'Kavya', password: 'secret123', email: `kavya-${Math.random()}@example.com`, ...json },
    });

  it('ticked with a mobile: consent from sign-up, with the words and the time', async () => {
    shop.clock.set('2026-12-07T01:00:00.000Z');
    const res = await register({ phone: '098450 11111', whatsappUpdates: true });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { user } = res.body as { user: { id: number } };
    expect(await listConsents(shop.db, user.id)).toEqual([
      {
        channel: 'whatsapp',
        granted: 1,
        words: WHATSAPP_CONSENT_WORDS,
        mobile: '+919845011111',
        source: 'sign-up',
        at: '2026-12-07T01:00:00.000Z',
      },
    ]);
  });

  it('not ticked (or absent): no consent', async () => {
    for (const json of [{ phone: '9845011112' }, { phone: '9845011113', whatsappUpdates: false }]) {
      const res = await register(json);
      expect(res.status).toBe(201);
      expect(await listConsents(shop.db, (res.body as { user: { id: number } }).user.id)).toEqual([]);
    }
  });

  it('ticked without a mobile, or next to a landline: refused clearly, and no account is made', async () => {
    for (const phone of [undefined, '2345 6789']) {
      const email = `nophone-${Math.random()}@example.com`;
      const res = await register({ email, phone, whatsappUpdates: true });
      expectClearRefusal(res, 400);
      expect(res.body).toMatchObject({ message: accountMessagesMessages.whatsappNeedsMobile });
      const row = await shop.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    }
    expectClearRefusal(await register({ phone: '9845011114', whatsappUpdates: 'yes' }), 400);
  });
});

describe('the unticked box at checkout and in the booking wizard', () => {
  it('checkout: consent to the delivery address’s mobile, from checkout', async () => {
    const customer = await newCustomer(null);
    const { id: addressId } = await addAddress(shop.app, customer);
    const body = {
      address_id: addressId,
      items: [{ product_id: shop.productId, quantity: 1 }],
      payment_method: 'cod',
      whatsappUpdates: true,
    };
    const res = await as(customer.token)('POST', '/api/orders', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await listConsents(shop.db, customer.user.id)).map((c) => [c.source, c.mobile, c.words])).toEqual(
      [['checkout', '+919845012345', WHATSAPP_CONSENT_WORDS]],
    );
    // Without the box, an order gives none.
    const other = await newCustomer(null);
    await placeOrder(shop, other, (await addAddress(shop.app, other)).id);
    expect(await listConsents(shop.db, other.user.id)).toEqual([]);
  });

  it('booking: consent to the prasad address’s mobile, from booking', async () => {
    const customer = await newCustomer(null);
    const { id: addressId } = await addAddress(shop.app, customer);
    await book(shop, customer, addressId, { extra: { whatsappUpdates: true } });
    expect((await listConsents(shop.db, customer.user.id)).map((c) => [c.source, c.mobile])).toEqual([
      ['booking', '+919845012345'],
    ]);
  });

  it('a gift: the account’s phone, or refused clearly without one (and the payment given back)', async () => {
    const gift = { address: maduraiAddress({ mobile: '94430 55555' }), message: 'For Amma' };
    const body = (whatsappUpdates: boolean) => ({
      ...bookingBody(shop.puja, 0, 1, { addressId: null, gift }),
      whatsappUpdates,
    });

    const withPhone = await newCustomer('98450 22222');
    const ok = await as(withPhone.token)(
      'POST',
      '/api/bookings',
      await paid(shop.app, withPhone.token, body(true)),
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect((await listConsents(shop.db, withPhone.user.id)).map((c) => [c.source, c.mobile])).toEqual([
      ['booking', '+919845022222'],
    ]);

    const noPhone = await newCustomer(null);
    const refused = await as(noPhone.token)(
      'POST',
      '/api/bookings',
      await paid(shop.app, noPhone.token, body(true)),
    );
    expectClearRefusal(refused, 400);
    expect((refused.body as { message: string }).message).toContain(
      accountMessagesMessages.whatsappNeedsAccountPhone,
    );
    expect(refused.body).toMatchObject({ code: 'whatsapp_mobile_required', refunded: { amount: 1101 } });
    expect((await as(noPhone.token)('GET', '/api/bookings')).body).toMatchObject({ bookings: [] });
    expect(await listConsents(shop.db, noPhone.user.id)).toEqual([]);
  });

  it('a gift’s recipient who agreed: the words with their name and the time are kept on the booking', async () => {
    shop.clock.set(new Date(Date.now()).toISOString());
    const at = shop.clock.now().toISOString();
    const gift = (recipientUpdates?: boolean) => ({
      address: maduraiAddress({ mobile: '94430 66666' }),
      message: 'For Amma',
      ...(recipientUpdates === undefined ? {} : { recipientUpdates }),
    });
    const agreed = await book(shop, shop.me, 0, { extra: { addressId: null, gift: gift(true) } });
    const notAgreed = await book(shop, shop.me, 0, { extra: { addressId: null, gift: gift() } });
    const rows = await shop.db
      .selectFrom('bookings')
      .select(['id', 'giftUpdatesAt', 'giftUpdatesWords', 'recipientName'])
      .where('id', 'in', [agreed.id, notAgreed.id])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        id: agreed.id,
        giftUpdatesAt: at,
        giftUpdatesWords: `${rows[0]!.recipientName} agreed to get the puja's updates on WhatsApp`,
        recipientName: expect.any(String) as string,
      },
      {
        id: notAgreed.id,
        giftUpdatesAt: null,
        giftUpdatesWords: null,
        recipientName: expect.any(String) as string,
      },
    ]);
    expectClearRefusal(
      await as(shop.me.token)(
        'POST',
        '/api/bookings',
        await paid(shop.app, shop.me.token, {
          ...bookingBody(shop.puja, 0, 1, { addressId: null }),
          gift: { ...gift(), recipientUpdates: 'yes' },
        }),
      ),
      400,
    );
  });
});
