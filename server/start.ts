import { serve } from '@hono/node-server';
import { createApp, type AppOptions } from './app.ts';
import { openDb, type Db } from './db/client.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedCoupons } from './db/seed/coupons.ts';
import { isCatalogueEmpty, seedCatalogue } from './db/seed/seed.ts';
import { readServerConfig } from './config.ts';

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
