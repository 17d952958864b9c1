import { serve } from '@hono/node-server';
import { createApp, type AppOptions } from './app.ts';
import { openDb, type Db } from './db/client.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedCoupons } from './db/seed/coupons.ts';
import { isCatalogueEmpty, seedCatalogue } from './db/seed/seed.ts';
import { readServerConfig, SCHEDULER_TICK_MS } from './config.ts';
import type { PaymentGateway } from './payments/gateway.ts';
import { createSimulatedGateway, loadPaymentSecret } from './payments/simulated-gateway.ts';
import { shopJobs, startScheduler } from './jobs/scheduler.ts';

/** Opens, migrates and (when empty) seeds the configured database. */
export async function prepareDb(config = readServerConfig()): Promise<Db> {
  const db = await openDb({
    databaseUrl: config.databaseUrl,
    sqliteFile: config.sqliteFile,
    lockWaitMs: config.lockWaitMs,
  });
  await migrateToLatest(db);
  if (await isCatalogueEmpty(db)) {
    await seedCatalogue(db);
    console.log('Seeded the demo catalogue.');
  } else {
    // A shop seeded before coupons existed gets the demo coupons once (a no-op when it has any).
    await seedCoupons(db);
  }
  return db;
}

/** Starts the HTTP server; resolves once it listens. */
export function listen(options: AppOptions, port: number, host: string) {
  const app = createApp(options);
  return new Promise<ReturnType<typeof serve>>((resolve) => {
    const server = serve({ fetch: app.fetch, port, hostname: host }, () => resolve(server));
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
 * lock and pending refunds, each run by one process at a time through leases in the database.
 * `stop()` resolves once a tick in progress has finished.
 */
export function startBackgroundJobs(db: Db, gateway: PaymentGateway, tickMs = SCHEDULER_TICK_MS) {
  const now = () => new Date();
  return startScheduler({ db, jobs: shopJobs({ db, gateway, now }), tickMs, now });
}
