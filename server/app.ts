import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { bodyLimit } from 'hono/body-limit';
import { prepareDummyHash } from './auth/passwords.ts';
import { createDeviceCookies } from './auth/device-cookies.ts';
import { generateAuthSecret } from './auth/secret.ts';
import { createTokenService } from './auth/tokens.ts';
import type { Db } from './db/client.ts';
import { databaseBusy, isDatabaseBusy } from './db/errors.ts';
import { createClientKey } from './limits/client-address.ts';
import { createAbuseLimits, type LimitSettings } from './limits/limits.ts';
import type { PaymentGateway } from './payments/gateway.ts';
import { createSimulatedGateway } from './payments/simulated-gateway.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { readPreferencesToken, signPreferencesToken } from './messages/preferences-token.ts';
import { opsRoutes, type Lifecycle } from './ops/health.ts';
import { silentLogger, type Logger } from './ops/logger.ts';
import { createMetrics, type Metrics } from './ops/metrics.ts';
import { observe } from './ops/observability.ts';
import { familyRoutes } from './routes/family.ts';
import { addressRoutes } from './routes/addresses.ts';
import { accountMessageRoutes } from './routes/account-messages.ts';
import { astroRoutes } from './routes/astro.ts';
import { adminRoutes } from './routes/admin/routes.ts';
import { requireAuth, requireStaff } from './auth/middleware.ts';
import { astrologerRoutes } from './routes/astrologers.ts';
import { authRoutes } from './routes/auth.ts';
import { bookingRoutes } from './routes/bookings.ts';
import { couponRoutes } from './routes/coupons.ts';
import { orderRoutes } from './routes/orders.ts';
import { paymentRoutes } from './routes/payments.ts';
import { pincodeRoutes } from './routes/pincodes.ts';
import { productRoutes } from './routes/products.ts';
import { pujaRoutes } from './routes/pujas.ts';
import { staffInvitationRoutes } from './routes/staff-invitations.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { waitlistRoutes } from './routes/waitlist.ts';
import { refusalBody, refusalStatus } from './routes/refusal-status.ts';
import { catalogueImagesDirOf } from './services/admin/images.ts';
import { createCatalogueCache } from './services/catalogue-cache.ts';
import { Refusal } from './services/refusal.ts';
import { generateSecret } from './secret-file.ts';
import { notFoundAnswer, spaPages } from './spa-pages.ts';
import type { AppEnv, AuthServices } from './env.ts';

/** Used when no secret is given (tests): tokens then only live as long as the process. */
const processSecret = generateAuthSecret();
/** The same for the simulated provider's signatures (tests). */
const processPaymentSecret = generateSecret();

export interface AppOptions {
  db: Db;
  /** Folder with the catalogue's images, served under /images. */
  imagesDir?: string;
  /** Built SPA (vite build output) to serve at /, if any. */
  staticDir?: string;
  /** Token-signing secret, at least 32 characters (see loadAuthSecret). Default: random per process. */
  authSecret?: string;
  /** Lifetime of sign-in tokens and their sessions, in seconds (default 7 days). */
  tokenTtlSeconds?: number;
  /** Overrides of the abuse limits' thresholds (server/limits/limits.ts); tests use small ones. */
  limits?: Partial<LimitSettings>;
  /**
   * Proxies whose X-Forwarded-For is believed (TRUST_PROXY: addresses, CIDR ranges, `loopback`).
   * Default none: every client is its socket address.
   */
  trustProxy?: readonly string[];
  /** The clock for business rules such as the booking window. Default: the real time. */
  now?: () => Date;
  /** The payment provider. Default: the simulated one, signing with `paymentSecret`. */
  paymentGateway?: PaymentGateway;
  /** The simulated provider's signing secret (see loadPaymentSecret). Default: random per process. */
  paymentSecret?: string;
  /**
   * How long the simulated provider takes to capture, in ms: the provider's 2 s in production
   * (main.ts passes PAYMENT_DELAY_MS, default 2000); 0 by default, for tests.
   */
  paymentDelayMs?: number;
  /** The shop's e-mail. Default: .eml files in an outbox under the system's temp folder. */
  mailer?: Mailer;
  /** PUBLIC_URL, the origin in e-mailed links. Default http://localhost:3000. */
  publicUrl?: string;
  /** The shop's name in e-mails. */
  brand?: string;
  /** SHOP_NOTIFY_EMAIL: staff hear of each new order and booking there (server/messages/outbox.ts). */
  shopNotifyEmail?: string | undefined;
  /** Where uploads are kept (server/services/uploads.ts). Default: a folder under the system's temp folder. */
  uploadsDir?: string;
  /** Request logs and unexpected errors (server/ops/logger.ts). Default: nothing is logged. */
  logger?: Logger;
  /** The process's Prometheus metrics, served at /metrics. Default: a registry of this app's own. */
  metrics?: Metrics;
  /** Set `draining` when the process is told to stop: /readyz then answers 503. */
  lifecycle?: Lifecycle;
  /** METRICS_TOKEN: the bearer token /metrics needs; unset, /metrics answers this machine only. */
  metricsToken?: string;
}

export const defaultImagesDir = path.join(import.meta.dirname, 'assets', 'images');

/** Hashed build assets never change under their name; everything else is checked each time. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Files from `root` under the path prefix `prefix`, served by @hono/node-server's static
 * middleware: streamed, the .br or .gz twin made at build sent when the browser accepts it,
 * Range requests honoured, `..` refused. `cacheFor` picks each file's Cache-Control.
 */
function staticFiles(root: string, prefix: string, cacheFor: (file: string) => string) {
  return serveStatic({
    root,
    precompressed: true,
    rewriteRequestPath: (requestPath) => requestPath.slice(prefix.length) || '/',
    onFound: (_file, c) => {
      c.header('Cache-Control', cacheFor(c.req.path));
      // A precompressed twin sets Vary itself; an uncompressed answer must say it could vary too.
      if (!c.res.headers.get('Vary')) c.header('Vary', 'Accept-Encoding');
    },
  });
}

/** The JSON API (and, in production, the SPA) as one Hono app. */
export function createApp({
  db,
  imagesDir = defaultImagesDir,
  staticDir,
  authSecret = processSecret,
  tokenTtlSeconds,
  limits: limitSettings,
  trustProxy,
  now = () => new Date(),
  paymentSecret = processPaymentSecret,
  paymentDelayMs = 0,
  paymentGateway = createSimulatedGateway({ secret: paymentSecret, delayMs: paymentDelayMs }),
  mailer = createMailer({
    outboxDir: path.join(os.tmpdir(), 'shop-outbox'),
    from: 'Divya Puja Seva <no-reply@divyapujaseva.in>',
  }),
  publicUrl = 'http://localhost:3000',
  brand = 'Divya Puja Seva',
  uploadsDir = path.join(os.tmpdir(), 'shop-uploads'),
  shopNotifyEmail,
  logger = silentLogger,
  metrics = createMetrics({ db }),
  lifecycle = { draining: false },
  metricsToken,
}: AppOptions) {
  const app = new Hono<AppEnv>();
  const auth: AuthServices = {
    tokens: createTokenService({ secret: authSecret, ttlSeconds: tokenTtlSeconds }),
    devices: createDeviceCookies({ secret: authSecret, publicUrl }),
    mailer,
    publicUrl,
    brand,
    preferenceLinks: {
      sign: (userId) => signPreferencesToken(authSecret, userId),
      read: (token) => readPreferencesToken(authSecret, token),
    },
    background: (what, work) => {
      // Started after this request's handler returns, so its answer is already on its way.
      setImmediate(() => {
        work().catch((err: unknown) => logger.error({ err }, `${what} failed`));
      });
    },
  };
  const limits = createAbuseLimits({ db, limits: limitSettings, now: () => now().getTime() });
  const clientKey = createClientKey(trustProxy);
  const catalogue = createCatalogueCache(db);
  void prepareDummyHash();

  // First, so the log line and the metrics see every answer, errors and compression included.
  app.use(requestId({ headerName: 'X-Request-Id' }));
  app.use(observe({ logger, metrics, lifecycle }));
  app.use(secureHeaders({ crossOriginResourcePolicy: 'cross-origin' }));
  // JSON answers of 1 KB or more go gzipped to browsers that accept it; the catalogue's cached
  // answers and the built assets arrive already compressed and pass through.
  app.use(compress());
  const jsonBodyLimit = bodyLimit({
    maxSize: 64 * 1024,
    onError: (c) => c.json({ message: 'Request body too large' }, 413),
  });
  // Only requests whose body a handler reads are limited: looking at a GET's body makes the Node
  // adapter build a whole fetch Request for it, which cost the catalogue reads a third of their
  // time (docs/perf.md). No GET or HEAD handler reads a body. Uploads carry a photo or a video:
  // their route sets its own, larger limit (routes/uploads.ts).
  app.use((c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.path === '/api/uploads'
      ? next()
      : jsonBodyLimit(c, next),
  );
  app.use(async (c, next) => {
    c.set('db', db);
    c.set('auth', auth);
    c.set('limits', limits);
    c.set('client', clientKey(c));
    c.set('now', now);
    c.set('payments', paymentGateway);
    c.set('catalogue', catalogue);
    c.set('uploadsDir', uploadsDir);
    c.set('shopNotifyEmail', shopNotifyEmail);
    await next();
  });

  // A browser asking for a page of the SPA by its path (/pujas, /account) gets the SPA, an API
  // client its JSON (server/spa-pages.ts).
  app.use(spaPages(staticDir));

  app.route('/', opsRoutes({ lifecycle, metrics, metricsToken }));
  app.route('/', pujaRoutes);
  app.route('/', productRoutes);
  app.route('/', astrologerRoutes);
  app.route('/', authRoutes);
  app.route('/', addressRoutes);
  app.route('/', familyRoutes);
  app.route('/', accountMessageRoutes);
  app.route('/', pincodeRoutes);
  app.route('/', astroRoutes);
  app.route('/', couponRoutes);
  app.route('/', orderRoutes);
  app.route('/', bookingRoutes);
  app.route('/', waitlistRoutes);
  app.route('/', paymentRoutes);
  app.route('/', uploadRoutes);
  app.route('/', staffInvitationRoutes);
  // The back office's API is for signed-in staff, guarded once here rather than on each handler:
  // 401 without a session, 403 for a customer (docs/product-rules.md, Roles and the back office).
  // The routes for admins alone add requireAdmin; tests/security/access.test.ts walks them all.
  app.use('/api/admin/*', requireAuth, requireStaff);
  app.route('/', adminRoutes);

  // Catalogue images staff added: named by their bytes, so cached for good (services/admin/images.ts).
  const catalogueImagesDir = catalogueImagesDirOf(uploadsDir);
  fs.mkdirSync(catalogueImagesDir, { recursive: true });
  app.get(
    '/images/catalogue/*',
    staticFiles(catalogueImagesDir, '/images/catalogue', () => IMMUTABLE),
    (c) => c.json({ message: 'Image not found' }, 404),
  );
  app.get(
    '/images/*',
    staticFiles(imagesDir, '/images', () => 'public, max-age=86400'),
    (c) => c.json({ message: 'Image not found' }, 404),
  );

  if (staticDir) {
    app.get(
      '*',
      staticFiles(staticDir, '', (file) => (file.startsWith('/assets/') ? IMMUTABLE : 'no-cache')),
      notFoundAnswer(staticDir),
    );
  }

  app.notFound(notFoundAnswer(staticDir));
  app.onError((err, c) => {
    if (err instanceof HTTPException) return c.json({ message: err.message }, err.status);
    // A rule said no (services/refusal.ts): its code decides the status.
    if (err instanceof Refusal) return c.json(refusalBody(err), refusalStatus(err.code));
    // A lock held elsewhere past the wait limit: nothing was written, the same request may be
    // sent again (with its Idempotency-Key), so say when instead of failing or hanging.
    if (isDatabaseBusy(err))
      return c.json({ message: databaseBusy.message }, databaseBusy.status, {
        'Retry-After': String(databaseBusy.retryAfterSeconds),
      });
    logger.error({ reqId: c.get('requestId'), err }, 'unexpected error');
    return c.json({ message: 'Something went wrong on our side. Please try again.' }, 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
