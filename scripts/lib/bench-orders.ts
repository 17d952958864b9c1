/**
 * The bench's `orders` part (scripts/bench.ts): placing an order costs the same with messaging
 * configured as without (docs/decisions/0071-messages-through-a-transactional-outbox.md: the
 * request writes the message's row; the scheduler sends it). Two shops from the production
 * build, one with SMTP_URL, WhatsApp's Cloud API (local stand-ins) and SHOP_NOTIFY_EMAIL, one
 * with none; each customer of the first has consented to WhatsApp. Orders are placed one at a
 * time, the two shops taking turns, while the first shop's scheduler delivers in the background.
 */
import path from 'node:path';
import type { ProductListResponse } from '../../contract/catalogue.ts';
import { http, newCustomer, type ApiServer, type HttpCustomer } from '../../tests/support/api-server.ts';
import { startTestSmtp } from '../../tests/support/smtp.ts';
import { startTestWhatsApp } from '../../tests/support/whatsapp.ts';
import { log, median, work } from './bench-settings.ts';
import { startShop } from './bench-tools.ts';

interface Measured {
  /** Milliseconds of each POST /api/orders, as the client saw it. */
  times: number[];
}

/** The products' stock as the bench spends it: each order takes one of the one with the most left. */
type Stock = Map<number, number>;
const takeOne = (stock: Stock) => {
  const [id, left] = [...stock].reduce((best, entry) => (entry[1] > best[1] ? entry : best));
  if (left <= 0) throw new Error('the demo catalogue ran out of stock for the bench');
  stock.set(id, left - 1);
  return id;
};

async function placeOrders(shop: ApiServer, customer: HttpCustomer, stock: Stock, n: number, into: Measured) {
  for (let i = 0; i < n; i += 1) {
    const res = await http(shop.url, 'POST', '/api/orders', {
      token: customer.token,
      json: {
        address_id: customer.addressId,
        items: [{ product_id: takeOne(stock), quantity: 1 }],
        payment_method: 'cod',
      },
    });
    if (res.status !== 201) throw new Error(`order: ${res.status} ${JSON.stringify(res.body)}`);
    into.times.push(res.ms);
  }
}

/** Median and 95th percentile of placing an order, without and with messaging configured. */
export async function benchOrderMessaging(rounds: number, perRound: number) {
  const smtp = await startTestSmtp();
  const whatsapp = await startTestWhatsApp();
  const plain = await startShop(path.join(work, 'orders-plain'));
  const messaging = await startShop(path.join(work, 'orders-messaging'), {
    SMTP_URL: smtp.url,
    WHATSAPP_API_URL: whatsapp.url,
    WHATSAPP_PHONE_NUMBER_ID: whatsapp.phoneNumberId,
    WHATSAPP_TOKEN: whatsapp.token,
    SHOP_NOTIFY_EMAIL: 'seva@shop.test',
    SCHEDULER_TICK_MS: '1000',
  });
  try {
    const setUp = async (shop: ApiServer) => {
      const customer = await newCustomer(shop.url);
      const list = (await http(shop.url, 'GET', '/products?limit=100')).body as ProductListResponse;
      const stock: Stock = new Map(list.products.map((p) => [p.id, p.stockQuantity]));
      return { customer, stock };
    };
    const sides = [
      { shop: plain, ...(await setUp(plain)), measured: { times: [] } as Measured },
      { shop: messaging, ...(await setUp(messaging)), measured: { times: [] } as Measured },
    ] as const;
    const consented = await http(messaging.url, 'PUT', '/api/account/messages/preferences', {
      token: sides[1].customer.token,
      json: { whatsapp: { mobile: '98450 12345' } },
    });
    log(`WhatsApp consent for the messaging shop's customer: ${consented.status}`);
    for (let round = 0; round < rounds; round += 1) {
      // Taking turns, so a neighbour's load on the shared cores weighs on both alike.
      for (const side of round % 2 === 0 ? sides : [...sides].reverse())
        await placeOrders(side.shop, side.customer, side.stock, perRound, side.measured);
    }
    const [without, withMessaging] = [sides[0].measured, sides[1].measured];
    // Give the scheduler a moment to send what the last round wrote, and say what arrived.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    log(
      `messaging shop delivered ${smtp.received.length} e-mails and ${whatsapp.received.length} WhatsApp messages`,
    );
    const p95 = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length * 0.95)]!;
    return {
      without: { median: median(without.times), p95: p95(without.times), n: without.times.length },
      with: {
        median: median(withMessaging.times),
        p95: p95(withMessaging.times),
        n: withMessaging.times.length,
      },
      emails: smtp.received.length,
      whatsapps: whatsapp.received.length,
    };
  } finally {
    await Promise.all([plain.stop(), messaging.stop()]);
    await Promise.all([smtp.close(), whatsapp.close()]);
  }
}
