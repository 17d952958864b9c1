import { serve } from '@hono/node-server';
import { createApp, type AppOptions } from './app.ts';
import { openDb, type Db } from './db/client.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedCoupons } from './db/seed/coupons.ts';
import { isCatalogueEmpty, seedCatalogue } from './db/seed/seed.ts';
import { readServerConfig } from './config.ts';
import type { PaymentGateway } from './payments/gateway.ts';
import { createSimulatedGateway, loadPaymentSecret } from './payments/simulated-gateway.ts';
import { expireStalePayments } from './services/payments.ts';

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
