import type http from 'node:http';
import { serve } from '@hono/node-server';
import { createApp, type AppOptions } from './app.ts';
import { openDb, type Db } from './db/client.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedIfEmpty } from './db/seed/seed.ts';
import { readServerConfig, SCHEDULER_TICK_MS } from './config.ts';
import { silentLogger, type Logger } from './ops/logger.ts';
import type { PaymentGateway } from './payments/gateway.ts';
import { createSimulatedGateway, loadPaymentSecret } from './payments/simulated-gateway.ts';
import { shopJobs, startScheduler } from './jobs/scheduler.ts';
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
) {
  const now = () => new Date();
  return startScheduler({
    db,
    jobs: shopJobs({ db, gateway, uploadsDir, now }),
    tickMs,
    now,
    onRun: metrics && ((run) => countJobRun(metrics, run)),
  });
}
