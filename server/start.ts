import type http from 'node:http';
import { serve } from '@hono/node-server';
import { createApp, type AppOptions } from './app.ts';
import { openDb, type Db } from './db/client.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedIfEmpty } from './db/seed/seed.ts';
import { readServerConfig } from './config.ts';
import { silentLogger, type Logger } from './ops/logger.ts';
import type { PaymentGateway } from './payments/gateway.ts';
import { createSimulatedGateway, loadPaymentSecret } from './payments/simulated-gateway.ts';
import { expireStalePayments } from './services/payments.ts';

/**
 * Opens, migrates and (when empty) seeds the configured database. Several processes may do
 * this at once on one database: the migrations and the seeding each run once
 * (docs/decisions/0019-migrations-and-seeding-run-once.md).
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
    if (await seedIfEmpty(db)) logger.info('Seeded the demo catalogue');
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

/** How often stale payments are settled (expired, or refunded when captured and never used). */
export const PAYMENT_SWEEP_INTERVAL_MS = 60_000;

/**
 * Settles stale payments now and then every `intervalMs` (expireStalePayments), on an unref'd
 * timer so it never keeps the process alive. Returns a function that stops it.
 */
export function startPaymentSweep(db: Db, gateway: PaymentGateway, intervalMs = PAYMENT_SWEEP_INTERVAL_MS) {
  const sweep = () => {
    expireStalePayments(db, gateway, new Date()).catch((err: unknown) => {
      console.error('Payment sweep failed', err);
    });
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
