import { readServerConfig } from '../server/config.ts';
import { seedScale } from '../server/db/seed/scale.ts';
import { prepareDb } from '../server/start.ts';

/**
 * `npm run seed:scale -- 10000`: fills the configured database (DATA_DIR or DATABASE_URL) with a
 * catalogue of that many products and a tenth as many pujas, for the benchmark (docs/perf.md).
 * Use a fresh DATA_DIR: the shop's demo catalogue stays, the rest is generated.
 */
const products = Number(process.argv[2] ?? process.env.SEED_SCALE ?? 10_000);
if (!Number.isSafeInteger(products) || products < 1 || products > 1_000_000) {
  console.error('Usage: npm run seed:scale -- <number of products, 1 to 1000000>');
  process.exit(1);
}
const config = readServerConfig();
const db = await prepareDb(config);
const started = performance.now();
const added = await seedScale(db, { products, pujas: Math.max(1, Math.round(products / 10)) });
console.log(
  `Added ${added.products} products and ${added.pujas} pujas in ${Math.round(performance.now() - started)} ms ` +
    `(${config.databaseUrl ? 'PostgreSQL' : config.sqliteFile}).`,
);
await db.destroy();
