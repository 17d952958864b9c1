/**
 * The operational surface (docs/decisions/0027-request-logs-and-metrics.md,
 * docs/decisions/0028-health-readiness-and-graceful-shutdown.md): /healthz and /readyz, one
 * JSON log line per request that never carries a token, password, card or UPI detail, and
 * the Prometheus metrics at /metrics, served only to the token or to this machine.
 */
import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { sql } from 'kysely';
import { createApp, type App } from '../../server/app.ts';
import { migrationNames } from '../../server/db/migrate.ts';
import type { Lifecycle } from '../../server/ops/health.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { readServerConfig } from '../../server/config.ts';
import { WHATSAPP_CONSENT_WORDS } from '../../contract/messages.ts';
import { recordConsent } from '../../server/db/repositories/message-preferences.ts';
import { deliverDueMessages } from '../../server/messages/deliver.ts';
import { messagingFor } from '../../server/start.ts';
import { createMetrics, type Metrics } from '../../server/ops/metrics.ts';
import { call, registerAndLogin } from '../support/accounts.ts';
import { captureLogger } from '../support/logs.ts';
import { addPuja, bookingBody } from '../support/bookings.ts';
import { addAddress, addProduct, send, setStock } from '../support/orders.ts';
import { capture, intentFor, paid } from '../support/payments.ts';
import { createTestShop } from '../support/test-db.ts';
import { shopPerFile } from '../support/prelude.ts';

const shop = shopPerFile(createTestShop);
/** The app over the test shop's database with the given operational options. */
const appWith = (options: Partial<Parameters<typeof createApp>[0]> = {}) =>
  createApp({
    db: shop.db,
    mailer: createMailer({ outboxDir: shop.outboxDir, from: 'Shop <no-reply@shop.test>' }),
    publicUrl: 'https://shop.test',
    ...options,
  });

describe('GET /healthz and /readyz', () => {
  it('say alive and ready on a migrated database that answers', async () => {
    const app = appWith();
    expect(await call(app, 'GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'alive' } });
    const ready = await call(app, 'GET', '/readyz');
    expect(ready).toMatchObject({ status: 200, body: { status: 'ready' } });
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 while the process shuts down, and /healthz stays 200', async () => {
    const lifecycle: Lifecycle = { draining: false };
    const app = appWith({ lifecycle });
    expect((await call(app, 'GET', '/readyz')).status).toBe(200);
    lifecycle.draining = true;
    expect(await call(app, 'GET', '/readyz')).toMatchObject({
      status: 503,
      body: { message: 'Shutting down', status: 'draining' },
    });
    expect((await call(app, 'GET', '/healthz')).status).toBe(200);
    // Answers now ask the client to take its next request elsewhere.
    expect((await call(app, 'GET', '/categories')).headers.get('connection')).toBe('close');
  });

  it('answers 503 when the database misses a migration this code knows, naming it', async () => {
    const bare = await createTestShop({ seed: false });
    try {
      const latest = migrationNames.at(-1)!;
      await sql`delete from kysely_migration where name = ${latest}`.execute(bare.db);
      const res = await call(createApp({ db: bare.db }), 'GET', '/readyz');
      expect(res).toMatchObject({
        status: 503,
        body: { status: 'migrations_pending', pending: [latest] },
      });
    } finally {
      await bare.close();
    }
  });

  it('answers 503 when the database does not answer (never migrated, or gone)', async () => {
    const bare = await createTestShop({ seed: false });
    const fresh = await bare.database.open();
    // A database nothing has migrated: every migration is pending.
    await bare.db.schema.dropTable('kysely_migration').execute();
    const app = createApp({ db: fresh });
    expect(await call(app, 'GET', '/readyz')).toMatchObject({
      status: 503,
      body: { status: 'migrations_pending', pending: [...migrationNames] },
    });
    await fresh.destroy();
    expect(await call(app, 'GET', '/readyz')).toMatchObject({
      status: 503,
      body: { message: 'The database does not answer', status: 'database_unavailable' },
    });
    expect((await call(app, 'GET', '/healthz')).status).toBe(200);
    await bare.close();
  });
});

describe('request logs', () => {
  /** Everything a customer does that carries a secret: sign-up, sign-in, paying by card and UPI, a reset link. */
  async function secretTraffic(app: App) {
    const password = 'Sup3r-secret-passw0rd';
    const me = await registerAndLogin(app, { name: 'Meena Iyer', password });
    const address = await addAddress(app, me);
    const product = await addProduct(shop.db, { name: 'Log Lamp', offerPrice: 300, stockQuantity: 10 });
    const order = {
      address_id: address.id,
      items: [{ product_id: product, quantity: 1 }],
      payment_method: 'online',
    };
    const upiId = 'meena.private@okaxis';
    const cardNumber = '4111111111111111';
    const byUpi = await intentFor(app, me.token, 'order', order);
    expect((await capture(app, me.token, byUpi.id, { method: 'upi', upiId })).status).toBe(200);
    const byCard = await intentFor(app, me.token, 'order', order);
    expect((await capture(app, me.token, byCard.id, { method: 'card', cardNumber })).status).toBe(200);
    const placed = await send(app, 'POST', '/api/orders', {
      token: me.token,
      json: { ...order, payment_id: byCard.id },
    });
    expect(placed.status).toBe(201);
    // A wrong password, and a reset through the e-mailed link.
    expect(
      (await call(app, 'POST', '/api/auth/login', { json: { email: me.email, password: 'Wr0ng-guess' } }))
        .status,
    ).toBe(401);
    fs.rmSync(shop.outboxDir, { recursive: true, force: true });
    expect((await call(app, 'POST', '/api/auth/forgot-password', { json: { email: me.email } })).status).toBe(
      200,
    );
    // The mail goes out after the answer (docs/product-rules.md, Sign-in, registration and tokens).
    const [mail] = await vi.waitFor(
      () => {
        const sent = fs.existsSync(shop.outboxDir) ? fs.readdirSync(shop.outboxDir) : [];
        expect(sent).toHaveLength(1);
        const texts = sent.map((f) => fs.readFileSync(path.join(shop.outboxDir, f), 'utf8'));
        expect(texts[0]!.replace(/=\r?\n/g, '')).toMatch(/your password stays as it is/); // written whole
        return texts;
      },
      { timeout: 5000, interval: 20 },
    );
    const resetToken = /token=([A-Za-z0-9_-]{43})/.exec(
      mail!.replace(/=\r?\n/g, '').replace(/=3D/g, '='),
    )![1]!;
    const newPassword = 'An0ther-secret-passw0rd';
    expect(
      (
        await call(app, 'POST', '/api/auth/reset-password', {
          json: { token: resetToken, password: newPassword },
        })
      ).status,
    ).toBe(200);
    return { secrets: [password, me.token, upiId, cardNumber, resetToken, newPassword, 'Wr0ng-guess'], me };
  }

  it('write one JSON line per request: request id, method, route pattern, status and duration', async () => {
    const { logger, lines } = captureLogger();
    const app = appWith({ logger });
    const me = await registerAndLogin(app);
    const res = await app.request('/api/orders/999999', {
      headers: { authorization: `Bearer ${me.token}`, 'x-request-id': 'trace-from-nginx-42' },
    });
    expect(res.status).toBe(404);
    // The proxy's request id is kept and echoed; without one, the server makes one.
    expect(res.headers.get('x-request-id')).toBe('trace-from-nginx-42');
    const made = await app.request('/categories');
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    const requests = lines().filter((l) => l.msg === 'request');
    expect(requests.map((l) => `${String(l.method)} ${String(l.route)} ${String(l.status)}`)).toEqual([
      'POST /api/auth/register 201',
      'POST /api/auth/login 200',
      'GET /api/orders/:id 404',
      'GET /categories 200',
    ]);
    for (const line of requests) {
      expect(line).toMatchObject({ level: 30, pid: process.pid });
      expect(typeof line.reqId).toBe('string');
      expect(typeof line.ms).toBe('number');
      expect(Date.parse(String(line.time))).not.toBeNaN();
    }
    expect(requests[2]!.reqId).toBe('trace-from-nginx-42');
    expect(requests[3]!.reqId).toBe(made.headers.get('x-request-id'));
    // An unknown path is logged as unmatched, not as what was asked for.
    await app.request('/nowhere/secret-looking-path?token=abc');
    expect(lines().at(-1)).toMatchObject({ route: 'unmatched', status: 404 });
    expect(JSON.stringify(lines())).not.toContain('secret-looking-path');
  });

  it('never carry a token, password, card number, UPI id or reset link, whatever the request', async () => {
    const { logger, text, lines } = captureLogger('debug');
    const app = appWith({ logger });
    const { secrets } = await secretTraffic(app);
    const logged = text();
    expect(lines().filter((l) => l.msg === 'request').length).toBeGreaterThanOrEqual(10);
    for (const secret of secrets) expect(logged, `a secret in the log`).not.toContain(secret);
    // The last four digits and the UPI handle are not there either.
    expect(logged).not.toContain('1111');
    expect(logged).not.toContain('okaxis');
  });

  it('say a message that could not be sent by its id and template: never the mobile, the mailbox or the WhatsApp token', async () => {
    const { logger, text, lines } = captureLogger();
    const token = 'EAAG-whatsapp-token-never-logged';
    const refusing = {
      send: () => Promise.reject(new Error('550 5.1.1 <meena.iyer@example.com>: mailbox unavailable')),
    };
    const config = {
      ...readServerConfig({}),
      whatsapp: { apiUrl: 'http://127.0.0.1:9', phoneNumberId: '1065', token },
    };
    const me = await registerAndLogin(shop.app, { name: 'Meena Iyer', email: 'meena.iyer@example.com' });
    const mobile = '+919845098450';
    await recordConsent(shop.db, {
      userId: me.user.id,
      channel: 'whatsapp',
      granted: true,
      mobile,
      words: WHATSAPP_CONSENT_WORDS,
      source: 'account',
      at: new Date().toISOString(),
    });
    const address = await addAddress(shop.app, me);
    const product = await addProduct(shop.db, { name: 'Message Lamp', offerPrice: 300, stockQuantity: 10 });
    const placed = await send(shop.app, 'POST', '/api/orders', {
      token: me.token,
      json: { address_id: address.id, items: [{ product_id: product, quantity: 1 }], payment_method: 'cod' },
    });
    expect(placed.status).toBe(201);
    const messaging = messagingFor(refusing, config, logger);
    await deliverDueMessages({ ...messaging, db: shop.db, now: () => new Date() });
    const failures = lines().filter(
      (l) => l.msg === 'A message could not be sent; the outbox tries it again',
    );
    // This order's e-mail and WhatsApp message at least (the shop's earlier tests may have left others).
    expect(failures.filter((l) => l.template === 'order.placed').length).toBeGreaterThanOrEqual(2);
    const logged = text();
    for (const secret of [token, mobile, mobile.slice(3), 'meena.iyer@example.com'])
      expect(logged, 'a secret in the log').not.toContain(secret);
  });

  it('log an unexpected error with its request id, and redact secrets even in a logged object', async () => {
    const { logger, lines } = captureLogger();
    // An error from deep inside, carrying what a careless library might attach to it.
    logger.error({
      err: new Error('boom'),
      body: { password: 'p4ss', cardNumber: '4000', nested: { upiId: 'x@y' } },
    });
    expect(JSON.stringify(lines())).not.toMatch(/p4ss|"4000"|x@y/);
    expect(lines()[0]).toMatchObject({
      body: { password: '[redacted]', cardNumber: '[redacted]', nested: { upiId: '[redacted]' } },
    });

    const failing = appWith({ logger });
    failing.get('/boom', () => {
      throw new Error('unexpected');
    });
    const res = await failing.request('/boom', { headers: { 'x-request-id': 'boom-1' } });
    expect(res.status).toBe(500);
    const error = lines().find((l) => l.msg === 'unexpected error');
    expect(error).toMatchObject({ level: 50, reqId: 'boom-1', err: { message: 'unexpected' } });
  });
});

describe('GET /metrics', () => {
  /** The app served on a loopback port; `get` reads /metrics with the given headers. */
  async function served(app: App) {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    return {
      get: (headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${port}/metrics`, { headers }),
      close: () =>
        new Promise((resolve) => {
          server.close(resolve);
          (server as http.Server).closeAllConnections();
        }),
    };
  }
  const sample = (text: string, name: string, labels: Record<string, string>) => {
    const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
    const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && wanted.every((w) => l.includes(w)));
    return line === undefined ? undefined : Number(line.split(' ').at(-1));
  };

  it('counts requests by route and status, orders, bookings, payments by outcome, rate-limit refusals and the database pool', async () => {
    const metrics: Metrics = createMetrics({ db: shop.db });
    const app = appWith({
      metrics,
      limits: { couponGuesses: { points: 1, windowSeconds: 600 } },
    });
    const me = await registerAndLogin(app);
    const address = await addAddress(app, me);
    const product = await addProduct(shop.db, { name: 'Metric Mala', offerPrice: 500, stockQuantity: 1 });
    /** Sends an order or booking as `me`, under an Idempotency-Key when given; answers the status. */
    const post = async (path: string, json: unknown, key?: string) =>
      (
        await send(app, 'POST', path, {
          token: me.token,
          json,
          headers: key ? { 'Idempotency-Key': key } : {},
        })
      ).status;
    const order = {
      address_id: address.id,
      items: [{ product_id: product, quantity: 1 }],
      payment_method: 'cod',
    };
    expect(await post('/api/orders', order, 'm-1')).toBe(201);
    expect(await post('/api/orders', order, 'm-1')).toBe(201);
    expect(await post('/api/orders', order)).toBe(409);
    const online = { ...order, payment_method: 'online' };
    await setStock(shop.db, product, 5);
    const intent = await intentFor(app, me.token, 'order', online);
    expect((await capture(app, me.token, intent.id, { method: 'upi', upiId: 'failure@upi' })).status).toBe(
      402,
    );
    expect((await capture(app, me.token, intent.id)).status).toBe(200);
    // The stock goes between payment and order: the payment is refunded at once.
    await setStock(shop.db, product, 0);
    expect(await post('/api/orders', { ...online, payment_id: intent.id })).toBe(409);
    for (const code of ['NOPE1', 'NOPE2'])
      await call(app, 'POST', '/api/coupons/validate', { json: { code, subtotal: 1000 } });
    // A booking made, the same one sent again under its key, and one with a person missing.
    const puja = await addPuja(shop.db);
    const booking = await paid(app, me.token, bookingBody(puja, address.id, 2));
    for (const _ of [1, 2]) expect(await post('/api/bookings', booking, 'm-b-1')).toBe(201);
    const short = { ...booking, persons: booking.persons.slice(0, 1), paymentId: undefined };
    expect(await post('/api/bookings', short)).toBe(400);

    const endpoint = await served(app);
    try {
      const res = await endpoint.get();
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await res.text();
      expect(
        sample(text, 'http_requests_total', { method: 'POST', route: '/api/orders', status: '201' }),
      ).toBe(2);
      expect(
        sample(text, 'http_requests_total', { method: 'POST', route: '/api/orders', status: '409' }),
      ).toBe(2);
      expect(
        sample(text, 'http_request_duration_seconds_count', { route: '/api/auth/login', status: '200' }),
      ).toBe(1);
      expect(sample(text, 'shop_orders_total', { outcome: 'created' })).toBe(1);
      expect(sample(text, 'shop_orders_total', { outcome: 'replayed' })).toBe(1);
      expect(sample(text, 'shop_orders_total', { outcome: 'refused' })).toBe(2);
      expect(sample(text, 'shop_bookings_total', { outcome: 'created' })).toBe(1);
      expect(sample(text, 'shop_bookings_total', { outcome: 'replayed' })).toBe(1);
      expect(sample(text, 'shop_bookings_total', { outcome: 'refused' })).toBe(1);
      expect(sample(text, 'shop_payments_total', { outcome: 'intent_created' })).toBe(2);
      expect(sample(text, 'shop_payments_total', { outcome: 'declined' })).toBe(1);
      expect(sample(text, 'shop_payments_total', { outcome: 'captured' })).toBe(2);
      expect(sample(text, 'shop_payments_total', { outcome: 'refunded' })).toBe(1);
      expect(sample(text, 'shop_rate_limit_refusals_total', { route: '/api/coupons/validate' })).toBe(1);
      expect(sample(text, 'shop_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'shop_db_pool_connections', { state: 'max' })).toBe(
        shop.database.kind === 'postgres' ? 10 : 1,
      );
      // No raw path, id or token ever becomes a label.
      expect(text).not.toContain(me.token);
      expect(text).not.toMatch(/route="\/api\/orders\/\d/);
    } finally {
      await endpoint.close();
    }
  });

  it('are served to this machine only when no METRICS_TOKEN is set: not through a proxy, not without a socket', async () => {
    const app = appWith();
    const endpoint = await served(app);
    try {
      expect((await endpoint.get()).status).toBe(200);
      // nginx on this machine forwards the world's requests from loopback: it adds X-Forwarded-For.
      const proxied = await endpoint.get({ 'x-forwarded-for': '203.0.113.9' });
      expect(proxied.status).toBe(403);
      expect(await proxied.json()).toEqual({
        message: 'The metrics are served only to this machine, or with METRICS_TOKEN',
      });
      expect((await endpoint.get({ forwarded: 'for=203.0.113.9' })).status).toBe(403);
    } finally {
      await endpoint.close();
    }
    expect((await call(app, 'GET', '/metrics')).status).toBe(403);
  });

  it('need the bearer token when METRICS_TOKEN is set, from anywhere, loopback included', async () => {
    const token = 'metrics-token-0123456789-abcdefghijklmnop';
    const app = appWith({ metricsToken: token });
    const endpoint = await served(app);
    try {
      const none = await endpoint.get();
      expect(none.status).toBe(401);
      expect(none.headers.get('www-authenticate')).toBe('Bearer');
      expect((await endpoint.get({ authorization: `Bearer ${token}x` })).status).toBe(401);
      expect((await endpoint.get({ authorization: `Bearer ${token}` })).status).toBe(200);
    } finally {
      await endpoint.close();
    }
    const res = await app.request('/metrics', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('# TYPE http_requests_total counter');
  });
});
