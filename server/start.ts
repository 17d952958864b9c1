import type http from 'node:http';
import { serve } from '@hono/node-server';
import { createApp, type AppOptions } from './app.ts';
import { openDb, type Db } from './db/client.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedIfEmpty } from './db/seed/seed.ts';
import { seedDemoFullDate } from './services/demo-bookings.ts';
import { loadAuthSecret } from './auth/secret.ts';
import { readServerConfig, SCHEDULER_TICK_MS, type ServerConfig } from './config.ts';
import { silentLogger, type Logger } from './ops/logger.ts';
import type { PaymentGateway } from './payments/gateway.ts';
import { createSimulatedGateway, loadPaymentSecret } from './payments/simulated-gateway.ts';
import { shopJobs, startScheduler, type SchedulerDeps } from './jobs/scheduler.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createWhatsAppFiles, createWhatsAppSender } from './messages/whatsapp.ts';
import { preferencesUrl, signPreferencesToken } from './messages/preferences-token.ts';
import { countJobRun, type Metrics } from './ops/metrics.ts';

/**
 * Opens, migrates and (when empty) seeds the configured database. Several processes may do
 * this at once on one database: the migrations and the seeding each run once
 * (docs/decisions/0026-migrations-and-seeding-run-once.md).
 */
export async function prepareDb(config = readServerConfig(), logger: Logger = silentLogger): Promise<Db> {
  const db = await openDb({
    databaseUrl: config.databaseUrl,
    sqliteFile: config.sqliteFile,
    lockWaitMs: config.lockWaitMs,
    onIdleConnectionError: (err) =>
      logger.warn({ err }, 'A pooled database connection broke; the pool replaces it'),
  });
  try {
    const applied = await migrateToLatest(db);
    if (applied.length > 0) logger.info({ migrations: applied }, `Applied ${applied.length} migrations`);
    if (await seedIfEmpty(db)) {
      logger.info('Seeded the demo catalogue');
      // One date fully booked, with a short waitlist, so a new shop shows what that looks like.
      await seedDemoFullDate(db);
    }
  } catch (err) {
    await db.destroy();
    throw err;
  }
  return db;
}

/** Starts the HTTP/1.1 server; resolves once it listens. */
export function listen(options: AppOptions, port: number, host: string) {
  const app = createApp(options);
  return new Promise<http.Server>((resolve) => {
    const server = serve({ fetch: app.fetch, port, hostname: host }, () => resolve(server as http.Server));
  });
}

/** The configured payment provider: the simulated one, with its secret and delay. */
export function paymentGatewayFor(config = readServerConfig()): PaymentGateway {
  return createSimulatedGateway({
    secret: loadPaymentSecret(config.dataDir),
    delayMs: config.paymentDelayMs,
  });
}

/**
 * Starts the server's scheduled work (server/jobs/scheduler.ts): the payment sweep, the sankalp
 * lock, pending refunds and unused uploads, each run by one process at a time through leases in the database.
 * `stop()` resolves once a tick in progress has finished.
 */
export function startBackgroundJobs(
  db: Db,
  gateway: PaymentGateway,
  uploadsDir: string,
  tickMs = SCHEDULER_TICK_MS,
  metrics?: Metrics,
  messages?: SchedulerDeps['messages'],
) {
  const now = () => new Date();
  return startScheduler({
    db,
    jobs: shopJobs({ db, gateway, uploadsDir, now, messages }),
    tickMs,
    now,
    onRun: metrics && ((run) => countJobRun(metrics, run)),
  });
}

/** The shop's mail as configured: SMTP_URL, or files in DATA_DIR/outbox/ (server/mail/mailer.ts). */
export const mailerFor = (config = readServerConfig()): Mailer =>
  createMailer({ smtpUrl: config.smtpUrl, outboxDir: config.outboxDir, from: config.mailFrom });

/**
 * How the outbox's messages go out (server/messages/deliver.ts): through the configured mail,
 * with PUBLIC_URL and SHOP_NAME in their words; a failed try is logged by its id and template,
 * never by its address.
 */
export function messagingFor(mailer: Mailer, config = readServerConfig(), logger: Logger = silentLogger) {
  const authSecret = loadAuthSecret(config.dataDir);
  return {
    mailer,
    whatsapp: config.whatsapp ? createWhatsAppSender(config.whatsapp) : createWhatsAppFiles(config.outboxDir),
    render: {
      publicUrl: config.publicUrl,
      brand: config.brand,
      preferencesLink: (userId: number) =>
        preferencesUrl(config.publicUrl, signPreferencesToken(authSecret, userId)),
    },
    onFailure: (failure: { id: number; template: string; attempts: number; error: string }) =>
      logger.warn(failure, 'A message could not be sent; the outbox tries it again'),
  } satisfies SchedulerDeps['messages'];
}

/**
 * The shop as `npm start` and `npm run dev` run it: the configured database, payment provider,
 * mail and WhatsApp, the scheduler with the outbox's delivery, and the HTTP server on `port`.
 * `app` adds what one of them alone sets (the SPA's folder, the metrics, the lifecycle).
 */
export async function startShop({
  config,
  logger,
  port,
  host,
  metrics,
  app = {},
}: {
  config: ServerConfig;
  logger: Logger;
  port: number;
  host: string;
  /** The process's Prometheus metrics, made over its database. */
  metrics?: (db: Db) => Metrics;
  app?: Partial<AppOptions>;
}) {
  const db = await prepareDb(config, logger);
  const processMetrics = metrics?.(db);
  const paymentGateway = paymentGatewayFor(config);
  const mailer = mailerFor(config);
  const jobs = startBackgroundJobs(
    db,
    paymentGateway,
    config.uploadsDir,
    config.schedulerTickMs,
    processMetrics,
    messagingFor(mailer, config, logger),
  );
  const server = await listen(
    {
      db,
      authSecret: loadAuthSecret(config.dataDir),
      trustProxy: config.trustProxy,
      paymentGateway,
      mailer,
      publicUrl: config.publicUrl,
      shopNotifyEmail: config.shopNotifyEmail,
      brand: config.brand,
      uploadsDir: config.uploadsDir,
      logger,
      ...(processMetrics ? { metrics: processMetrics } : {}),
      ...app,
    },
    port,
    host,
  );
  return { db, jobs, server };
}
