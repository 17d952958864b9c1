/**
 * Load check (`npm run load`): drives browsing and checkouts against the API on loopback for a
 * bounded time, then reports requests per second, p50/p99 latency (overall and per kind), error
 * counts by status and the stock ledger (initial stock = remaining + sold). A benchmark, not a
 * test: it exits 0 unless the ledger does not balance or the server fails (5xx, no answer).
 *
 *   npm run load                                 own API server over a fresh temp DATA_DIR
 *   npm run load -- --seconds 30 --concurrency 16
 *   npm run load -- --url http://127.0.0.1:3000  a running server, or nginx in front of several
 *                                                (`npm run cluster` prints its URL; loopback only; run it
 *                                                quiet: other buyers of the same products unbalance the ledger)
 *   npm run load -- --summary out.json           also write the figures as JSON (npm run load:cluster)
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import type {
  Product,
  ProductDetailResponse,
  ProductListResponse,
  PujaListResponse,
} from '../contract/catalogue.ts';
import type { OrderListResponse } from '../contract/orders.ts';
import {
  http,
  newCustomer,
  startApiServer,
  type ApiServer,
  type HttpCustomer,
} from '../tests/support/api-server.ts';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    seconds: { type: 'string', default: '15' },
    concurrency: { type: 'string', default: '8' },
    'max-requests': { type: 'string', default: '200000' },
    customers: { type: 'string', default: '12' },
    'checkout-share': { type: 'string', default: '0.2' },
    seed: { type: 'string', default: '7' },
    summary: { type: 'string' },
  },
});

function whole(name: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    console.error(`--${name} must be a whole number from ${min} to ${max}`);
    process.exit(2);
  }
  return n;
}
const seconds = Number(args.seconds);
if (!(seconds > 0 && seconds <= 600)) {
  console.error('--seconds must be more than 0 and at most 600');
  process.exit(2);
}
const concurrency = whole('concurrency', args.concurrency, 1, 256);
const maxRequests = whole('max-requests', args['max-requests'], 1, 10_000_000);
const customerCount = whole('customers', args.customers, 1, 200);
const checkoutShare = Number(args['checkout-share']);
if (!(checkoutShare >= 0 && checkoutShare <= 1)) {
  console.error('--checkout-share must be from 0 to 1');
  process.exit(2);
}
/** Per request: a hung server fails the run instead of stalling it. */
const REQUEST_TIMEOUT_MS = 10_000;

/** A small seeded PRNG (mulberry32): the same seed gives the same mix of requests. */
let state = whole('seed', args.seed, 0, 2 ** 31) >>> 0;
function random(): number {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

/* ---------------------------------------------------------------------------------------- */

let server: ApiServer | undefined;
let base: string;
if (args.url) {
  const url = new URL(args.url);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
    console.error(`Refusing to load ${url.hostname}: the load check only runs against loopback (127.0.0.1).`);
    process.exit(2);
  }
  base = url.origin;
} else {
  server = await startApiServer();
  base = server.url;
}

async function shutdown() {
  if (!server) return;
  await server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

type Kind = 'pujas' | 'packages' | 'products' | 'product' | 'categories' | 'checkout';
interface Planned {
  method: string;
  path: string;
  json?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** For a checkout: who buys what. */
  customer?: HttpCustomer;
  line?: { productId: number; quantity: number };
}
const kinds: Kind[] = ['pujas', 'packages', 'products', 'product', 'categories', 'checkout'];
const latencies = new Map<Kind, number[]>(kinds.map((k) => [k, []]));
const statuses = new Map<Kind, Map<number | 'network', number>>(kinds.map((k) => [k, new Map()]));
/** Units sold per product, from orders answered 201; and 201s per customer. */
const sold = new Map<number, number>();
const placedBy = new Map<string, number>();

let exitCode = 0;
try {
  console.log(`load: preparing against ${base} ...`);
  const { pujas } = (await http(base, 'GET', '/pujas')).body as PujaListResponse;
  const { products } = (await http(base, 'GET', '/products')).body as ProductListResponse;
  if (pujas.length === 0 || products.length === 0) throw new Error('The catalogue is empty');
  // Checkouts buy any product in stock: the scarce ones sell out early (later orders exceed the
  // stock and must get 409), the plentiful ones keep orders coming.
  const forSale: Product[] = products.filter((p) => p.stockQuantity > 0);
  if (forSale.length === 0) throw new Error('No product in stock to check out');

  const stockOf = async (id: number) =>
    ((await http(base, 'GET', `/products/${id}`)).body as ProductDetailResponse).product[0]!.stockQuantity;
  const initial = new Map<number, number>();
  for (const p of forSale) initial.set(p.id, await stockOf(p.id));

  // In batches of 4: the login limiter refuses more than a few sign-ins in flight per client.
  const customers: HttpCustomer[] = [];
  while (customers.length < customerCount) {
    const batch = Math.min(4, customerCount - customers.length);
    customers.push(
      ...(await Promise.all(
        Array.from({ length: batch }, (_, i) =>
          newCustomer(base, `Load Customer ${customers.length + i + 1}`),
        ),
      )),
    );
  }

  /** The next request of a kind; a checkout buys 1 to 3 of one product for a random customer. */
  const request = (kind: Kind): Planned => {
    switch (kind) {
      case 'pujas':
        return { method: 'GET', path: '/pujas' };
      case 'packages':
        return { method: 'GET', path: `/packages/${pick(pujas).id}` };
      case 'products':
        return { method: 'GET', path: '/products' };
      case 'product':
        return { method: 'GET', path: `/products/${pick(products).id}` };
      case 'categories':
        return { method: 'GET', path: '/categories' };
      case 'checkout': {
        const customer = pick(customers);
        const line = { productId: pick(forSale).id, quantity: 1 + Math.floor(random() * 3) };
        return {
          method: 'POST',
          path: '/api/orders',
          token: customer.token,
          json: {
            address_id: customer.addressId,
            items: [{ product_id: line.productId, quantity: line.quantity }],
            payment_method: 'cod',
          },
          headers: { 'Idempotency-Key': randomUUID() },
          customer,
          line,
        };
      }
    }
  };
  const browsing: Kind[] = ['pujas', 'packages', 'products', 'product', 'product', 'categories'];

  const totalStock = [...initial.values()].reduce((x, y) => x + y, 0);
  console.log(
    `load: ${seconds} s, ${concurrency} workers, ${customers.length} customers, ` +
      `checkouts of ${forSale.length} products (${totalStock} in stock)`,
  );
  let sent = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline && sent < maxRequests) {
      sent++;
      const kind: Kind = random() < checkoutShare ? 'checkout' : pick(browsing);
      const { method, path, customer, line, ...options } = request(kind);
      let status: number | 'network';
      const t0 = performance.now();
      try {
        const res = await http(base, method, path, { ...options, timeoutMs: REQUEST_TIMEOUT_MS });
        status = res.status;
        if (status === 201 && customer && line) {
          sold.set(line.productId, (sold.get(line.productId) ?? 0) + line.quantity);
          placedBy.set(customer.token, (placedBy.get(customer.token) ?? 0) + 1);
        }
      } catch {
        status = 'network';
      }
      latencies.get(kind)!.push(performance.now() - t0);
      const counts = statuses.get(kind)!;
      counts.set(status, (counts.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;

  /* ---- the report ---- */
  const percentile = (sorted: number[], p: number) =>
    sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  const ms = (n: number) => (n < 10 ? n.toFixed(1) : n.toFixed(0));
  const all = kinds.flatMap((k) => latencies.get(k)!).sort((a, b) => a - b);
  console.log(
    `\n${'kind'.padEnd(11)}${'requests'.padStart(9)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}  statuses`,
  );
  for (const kind of kinds) {
    const list = latencies.get(kind)!.sort((a, b) => a - b);
    const counts = [...statuses.get(kind)!].map(([s, n]) => `${s}: ${n}`).join(', ');
    console.log(
      `${kind.padEnd(11)}${String(list.length).padStart(9)}${(list.length / elapsed).toFixed(1).padStart(9)}` +
        `${ms(percentile(list, 50)).padStart(9)}${ms(percentile(list, 99)).padStart(9)}  ${counts}`,
    );
  }

  // Expected answers: 200 for browsing, 201 for a placed order, 409 when it exceeds the stock.
  const errors = new Map<string, number>();
  let serverFailures = 0;
  for (const kind of kinds)
    for (const [status, n] of statuses.get(kind)!) {
      const expected = kind === 'checkout' ? status === 201 || status === 409 : status === 200;
      if (expected) continue;
      errors.set(String(status), (errors.get(String(status)) ?? 0) + n);
      if (status === 'network' || status >= 500) serverFailures += n;
    }
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  const outOfStock = statuses.get('checkout')!.get(409) ?? 0;

  // The ledger: for each product, what was there = what is left + what the placed orders took.
  const unbalanced: string[] = [];
  let totals = { initial: 0, remaining: 0, sold: 0 };
  for (const p of forSale) {
    const before = initial.get(p.id)!;
    const remaining = await stockOf(p.id);
    const units = sold.get(p.id) ?? 0;
    if (before !== remaining + units) unbalanced.push(`#${p.id}: ${before} ≠ ${remaining} + ${units}`);
    totals = {
      initial: totals.initial + before,
      remaining: totals.remaining + remaining,
      sold: totals.sold + units,
    };
  }
  // Read back: each customer's orders as the API lists them = the ones answered 201.
  let listed = 0;
  let listedAsPlaced = true;
  for (const c of customers) {
    const { body } = await http(base, 'GET', '/api/orders', { token: c.token });
    const n = (body as OrderListResponse).orders.length;
    listed += n;
    if (n !== (placedBy.get(c.token) ?? 0)) listedAsPlaced = false;
  }
  const orders = [...placedBy.values()].reduce((a, b) => a + b, 0);
  const balanced = unbalanced.length === 0 && listedAsPlaced;

  console.log(
    `\nerrors by status: ${errorCount === 0 ? 'none' : [...errors].map(([s, n]) => `${s}: ${n}`).join(', ')}`,
  );
  console.log(`checkouts refused for stock (409, expected): ${outOfStock}`);
  console.log(`orders answered 201: ${orders}, listed by the API: ${listed}`);
  console.log(
    `ledger (initial = remaining + sold): ${forSale.length - unbalanced.length} of ${forSale.length} products balance` +
      (unbalanced.length ? `; not: ${unbalanced.join('; ')}` : ''),
  );
  console.log(
    `load: ${all.length} req in ${elapsed.toFixed(1)} s (${(all.length / elapsed).toFixed(1)} req/s), ` +
      `p50 ${ms(percentile(all, 50))} ms, p99 ${ms(percentile(all, 99))} ms, errors ${errorCount}, ` +
      `orders ${orders}, ledger ${balanced ? 'ok' : 'UNBALANCED'} ` +
      `(${totals.initial} = ${totals.remaining} + ${totals.sold})`,
  );
  if (args.summary) {
    const perKind = Object.fromEntries(
      kinds.map((kind) => {
        const list = latencies.get(kind)!;
        return [kind, { requests: list.length, p50: percentile(list, 50), p99: percentile(list, 99) }];
      }),
    );
    fs.writeFileSync(
      args.summary,
      JSON.stringify({
        requests: all.length,
        seconds: elapsed,
        perSecond: all.length / elapsed,
        p50: percentile(all, 50),
        p99: percentile(all, 99),
        errors: errorCount,
        orders,
        refusedForStock: outOfStock,
        balanced,
        perKind,
      }),
    );
  }
  if (!balanced) exitCode = 1;
  if (serverFailures > 0) {
    console.error(`load: the server failed ${serverFailures} requests (5xx or no answer)`);
    exitCode = 1;
  }
  if (server && server.child.exitCode !== null) {
    console.error(`load: the server exited during the run:\n${server.output()}`);
    exitCode = 1;
  }
} catch (err) {
  console.error('load: failed:', err);
  if (server) console.error(server.output());
  exitCode = 1;
} finally {
  await shutdown();
}
process.exitCode = exitCode;
