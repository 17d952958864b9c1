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
import { createMailer, type Mailer } from '../../server/mail/mailer.ts';
import { deliverDueMessages, type DeliveryDeps } from '../../server/messages/deliver.ts';
import {
  createWhatsAppFiles,
  createWhatsAppSender,
  whatsAppTemplates,
  type WhatsAppSender,
} from '../../server/messages/whatsapp.ts';
import {
  createLifecycleShop,
  MINUTE,
  orderEvent,
  placeOrder,
  type LifecycleShop,
} from '../support/lifecycle.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { startTestWhatsApp, type TestWhatsApp } from '../support/whatsapp.ts';

let shop: LifecycleShop;
let smtp: TestSmtp;
let api: TestWhatsApp;
let mailer: Mailer;
let whatsapp: WhatsAppSender;
const MOBILE = '+919845012345';

beforeAll(async () => {
  shop = await createLifecycleShop();
  smtp = await startTestSmtp();
  api = await startTestWhatsApp();
  mailer = createMailer({
    smtpUrl: smtp.url,
    outboxDir: `${shop.dir}/outbox`,
    from: 'Shop <no-reply@shop.test>',
  });
  whatsapp = createWhatsAppSender({ apiUrl: api.url, phoneNumberId: api.phoneNumberId, token: api.token });
});
afterAll(async () => {
  await Promise.all([smtp.close(), api.close()]);
  await shop.close();
});
beforeEach(async () => {
  shop.clock.set(new Date());
  await consent(true);
  await deliver();
  smtp.received.length = 0;
  api.received.length = 0;
});

const render = { publicUrl: 'https://shop.test', brand: 'Test Shop' };
const deliver = (extra: Partial<DeliveryDeps> = {}) =>
  deliverDueMessages({ db: shop.db, mailer, whatsapp, render, now: shop.clock.now, ...extra });
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
    const dying: WhatsAppSender = {
      async send(message) {
        await whatsapp.send(message);
        throw new Error('process killed');
      },
    };
    await deliver({ whatsapp: dying });
    await shop.db
      .updateTable('outbox')
      .set({ status: 'sending', claimedUntil: shop.clock.now().toISOString() })
      .where('recordId', '=', order.id)
      .where('channel', '=', 'whatsapp')
      .execute();
    shop.clock.advance(6 * MINUTE);
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
    const table = /<!-- whatsapp-templates:start -->([\s\S]*)<!-- whatsapp-templates:end -->/.exec(readme)![1]!;
    const listed = table
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split('|').map((cell) => cell.trim()));
    expect(listed.map((cells) => [cells[1], cells[4]])).toEqual(
      Object.values(whatsAppTemplates).map((t) => [`\`${t.name}\``, t.body]),
    );
  });
});
