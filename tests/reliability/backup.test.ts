/**
 * `npm run backup` makes a consistent copy of the database while the shop runs: taken in the
 * middle of a burst of orders, the copy holds only whole orders and its stock ledger balances
 * (what was there = what the copy has left + what the copy's orders took). SQLite through the
 * online backup API; PostgreSQL through pg_dump, restored into a fresh database to be read.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import type { ProductListResponse } from '../../contract/catalogue.ts';
import { openDb, type Db } from '../../server/db/client.ts';
import { changeStock, unbalancedStock } from '../../server/db/repositories/stock-ledger.ts';
import { http, newCustomer, startApiServer, type ApiServer } from '../support/api-server.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';
import { codOrder, numberOf, openShopDb } from './helpers.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '..', '..');

let server: ApiServer;
let out: string;
let restored: TestDatabase | undefined;
afterAll(async () => {
  await server?.stop();
  await restored?.drop();
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  if (out) fs.rmSync(path.dirname(out), { recursive: true, force: true });
});

it('copies the database consistently in the middle of a burst of orders', async () => {
  server = await startApiServer();
  const buyers = await Promise.all(
    Array.from({ length: 4 }, (_, i) => newCustomer(server.url, `Buyer ${i + 1}`)),
  );
  const { products } = (await http(server.url, 'GET', '/products')).body as ProductListResponse;
  const product = products.find((p) => p.stockQuantity >= 100)!;
  // Enough stock that the burst never runs out, however long a slow machine takes to back up:
  // once orders are refused, every later one is missing from "placed" and the copy looks whole.
  const live = await openShopDb(server);
  // Received as a ledger entry, as staff receive stock (docs/decisions/0033-stock-is-a-ledger.md).
  await changeStock(live, {
    productId: product.id,
    quantity: 1_000_000 - product.stockQuantity,
    reason: 'received',
    note: 'The backup test',
    at: new Date().toISOString(),
  });
  const initial = await numberOf(live, sql`select stock_quantity as n from product where id = ${product.id}`);
  await live.destroy();

  out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-backup-')), 'copy');
  let placed = 0;
  let backingUp = true;
  const twoOrders = async (i: number) => {
    const results = await Promise.all(
      [0, 1].map((j) =>
        http(server.url, 'POST', '/api/orders', {
          token: buyers[(i * 2 + j) % 4]!.token,
          json: codOrder(buyers[(i * 2 + j) % 4]!, product.id, 1 + j),
        }),
      ),
    );
    placed += results.filter((r) => r.status === 201).length;
  };
  // Orders keep coming, two at a time, for as long as the backup runs, and once more after it.
  const burst = (async () => {
    for (let i = 0; backingUp; i++) await twoOrders(i);
  })();
  await new Promise((r) => setTimeout(r, 300));
  const backup = await run(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', '--out', out], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: server.dataDir, ...server.database.env },
  });
  backingUp = false;
  await burst;
  const before = placed;
  await twoOrders(0);
  expect(placed - before).toBe(2);
  expect(backup.stdout).toMatch(/^Backed up /m);

  // Read the copy: SQLite directly; PostgreSQL restored into a fresh database first.
  let copy: Db;
  if (server.database.url) {
    restored = await createTestDatabase(path.dirname(out));
    const url = new URL(restored.url!);
    await run('pg_restore', ['--no-owner', '--dbname', url.pathname.slice(1), out], {
      env: {
        ...process.env,
        PGHOST: url.hostname,
        PGPORT: url.port,
        PGUSER: decodeURIComponent(url.username),
      },
    });
    copy = await restored.open();
  } else {
    expect(backup.stdout).toContain('integrity ok');
    copy = await openDb({ sqliteFile: out });
  }
  try {
    const orders = await numberOf(copy, sql`select count(*) as n from orders`);
    // Taken in the middle: some orders are in it, not all that were placed.
    expect(orders).toBeGreaterThan(0);
    expect(orders).toBeLessThan(placed);
    // Only whole orders: each with its lines.
    expect(
      await numberOf(
        copy,
        sql`select count(*) as n from orders o where not exists (select 1 from order_items i where i.order_id = o.id)`,
      ),
    ).toBe(0);
    const left = await numberOf(copy, sql`select stock_quantity as n from product where id = ${product.id}`);
    const sold = await numberOf(
      copy,
      sql`select coalesce(sum(quantity), 0) as n from order_items where product_id = ${product.id}`,
    );
    expect(left + sold).toBe(initial);
    // The copy's stock is its ledger's sum, for every product: the orders' entries came with them.
    expect(await unbalancedStock(copy)).toEqual([]);
  } finally {
    await copy.destroy();
  }
}, 90_000);
