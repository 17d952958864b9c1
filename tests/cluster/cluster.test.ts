/**
 * Several identical API processes behind Debian's nginx behave as one shop
 * (docs/decisions/0029-production-build-and-a-cluster-behind-nginx.md): the production build,
 * one PostgreSQL, nginx round-robin on loopback, as `npm run cluster` starts them. Checkouts
 * sent through nginx land on every process; the last items are sold exactly once; an
 * Idempotency-Key gives one order whichever process each copy reaches; and when a process is
 * killed in the middle of a burst, nginx sends the rest to the others and every order that was
 * acknowledged is kept, while the unanswered ones are retried safely with their keys. A process
 * stopped as a restart stops it (SIGTERM) finishes its work and no customer sees an error
 * (docs/decisions/0028). nginx never serves /metrics.
 */
import { sql } from 'kysely';
import type { ProductListResponse } from '../../contract/catalogue.ts';
import type { Db } from '../../server/db/client.ts';
import { startCluster, type Cluster, type ClusterProcess } from '../../scripts/ops/cluster.ts';
import { codOrder, countStatuses, numberOf } from '../reliability/helpers.ts';
import { http, newCustomer, type HttpCustomer } from '../support/api-server.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';
import { prepareSurgeDate, releaseSurge, surgeLedger } from '../../scripts/lib/release-surge.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const entry = process.env.CLUSTER_SERVER_ENTRY;
if (!entry) throw new Error('Run the cluster tests with `npm run test:cluster` (it builds the server).');

let dir: string;
let database: TestDatabase;
let cluster: Cluster;
let stored: Db;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cluster-test-'));
  database = await createTestDatabase(dir);
  if (!database.url) throw new Error('The cluster tests need PostgreSQL (npm run test:cluster sets it up)');
  cluster = await startCluster({ processes: 2, entry, databaseUrl: database.url });
  stored = await database.open();
});
afterEach(async () => {
  await stored?.destroy();
  await cluster?.stop();
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Registers `count` customers through nginx (a few at a time, as people do). */
async function customers(count: number): Promise<HttpCustomer[]> {
  const all: HttpCustomer[] = [];
  while (all.length < count)
    all.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(4, count - all.length) }, (_, i) =>
          newCustomer(cluster.url, `Devotee ${all.length + i + 1}`),
        ),
      )),
    );
  return all;
}

/** A seeded product with stock, its stock set to `stock`. */
async function productWithStock(stock: number): Promise<number> {
  const { products } = (await http(cluster.url, 'GET', '/products')).body as ProductListResponse;
  const id = products.find((p) => p.stockQuantity > 0)!.id;
  await sql`update product set stock_quantity = ${stock} where id = ${id}`.execute(stored);
  return id;
}

/** Which process logged each request id (nginx passes the client's X-Request-Id on). */
function servedBy(procs: ClusterProcess[]): Map<string, number> {
  const by = new Map<string, number>();
  for (const proc of procs)
    for (const line of proc.output().split('\n')) {
      if (!line.startsWith('{')) continue;
      const { reqId } = JSON.parse(line) as { reqId?: string };
      if (reqId) by.set(reqId, proc.index);
    }
  return by;
}

interface Answer {
  status: number | 'no answer';
  body?: unknown;
  replayed?: boolean;
}

/** A POST /api/orders through nginx; a gateway error page or a dropped connection is an answer too. */
async function order(customer: HttpCustomer, body: unknown, key: string, requestId: string): Promise<Answer> {
  try {
    const res = await fetch(`${cluster.url}/api/orders`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${customer.token}`,
        'content-type': 'application/json',
        'idempotency-key': key,
        'x-request-id': requestId,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    const json = res.headers.get('content-type')?.startsWith('application/json');
    return {
      status: res.status,
      body: json ? (JSON.parse(text) as unknown) : text,
      replayed: res.headers.get('idempotent-replayed') === 'true',
    };
  } catch {
    return { status: 'no answer' };
  }
}

it('sells the last 5 items to exactly 5 of 50 concurrent checkouts spread over the processes, each Idempotency-Key honoured across them', async () => {
  const buyers = await customers(10);
  const product = await productWithStock(5);

  // 50 checkouts for the last 5 items, each sent twice at once (100 requests): its Idempotency-Key
  // must give both copies one answer, whichever processes they meet.
  // The two copies of a key go one after the other, so nginx's turns hand them to different processes.
  const sends = Array.from({ length: 100 }, (_, i) => ({ key: Math.floor(i / 2), copy: i % 2 }));
  const at = (key: number, copy: number) => key * 2 + copy;
  const answers = await Promise.all(
    sends.map(({ key, copy }) =>
      order(
        buyers[key % buyers.length]!,
        codOrder(buyers[key % buyers.length]!, product),
        `last-five-${key}`,
        `checkout-${key}-${copy}`,
      ),
    ),
  );

  expect(countStatuses(answers.map((a) => a.status as number))).toEqual({ 201: 10, 409: 90 });
  for (let key = 0; key < 50; key++) {
    const [first, second] = [answers[at(key, 0)]!, answers[at(key, 1)]!];
    // Both copies of a key get the same answer: the same order, or the same refusal.
    expect({ status: second.status, body: second.body }, `key ${key}`).toEqual({
      status: first.status,
      body: first.body,
    });
  }
  for (const refused of answers.filter((a) => a.status === 409))
    expect(refused.body).toMatchObject({ code: 'out_of_stock' });
  expect(await numberOf(stored, sql`select stock_quantity as n from product where id = ${product}`)).toBe(0);
  expect(
    await numberOf(
      stored,
      sql`select count(distinct order_id) as n from order_items where product_id = ${product}`,
    ),
  ).toBe(5);
  expect(
    await numberOf(
      stored,
      sql`select count(distinct idempotency_key) as n from orders where idempotency_key like 'last-five-%'`,
    ),
  ).toBe(5);

  // nginx spread them: each process served some, and copies of one key met different processes.
  const by = servedBy(cluster.processes);
  const served = sends.map(({ key, copy }) => by.get(`checkout-${key}-${copy}`));
  expect(served.every((p) => p !== undefined)).toBe(true);
  for (const proc of cluster.processes)
    expect(served.filter((p) => p === proc.index).length).toBeGreaterThanOrEqual(10);
  const acrossProcesses = Array.from({ length: 50 }, (_, key) => key).filter(
    (key) => served[at(key, 0)] !== served[at(key, 1)],
  );
  expect(acrossProcesses.length).toBeGreaterThanOrEqual(5);

  // Sent again later, to whichever process: the 5 orders are replayed, nothing new is sold.
  const again = await Promise.all(
    Array.from({ length: 50 }, (_, key) =>
      order(
        buyers[key % buyers.length]!,
        codOrder(buyers[key % buyers.length]!, product),
        `last-five-${key}`,
        `again-${key}`,
      ),
    ),
  );
  for (let key = 0; key < 50; key++) {
    const first = answers[at(key, 0)]!;
    expect(again[key]!.status).toBe(first.status);
    if (first.status === 201) expect(again[key]).toMatchObject({ body: first.body, replayed: true });
  }
  expect(await numberOf(stored, sql`select count(*) as n from orders`)).toBe(5);
});

it("sells a puja date's last 12 places to exactly 12 of 60 devotees trying at once across the processes, refunding every payment it could not book", async () => {
  const devotees = await customers(60);
  const date = await prepareSurgeDate(cluster.url, stored, 12);

  const { outcomes, errors } = await releaseSurge(cluster.url, devotees, date);

  expect(errors).toEqual([]);
  expect(outcomes.booked).toBe(12);
  expect(outcomes.refusedBeforePaying + outcomes.refusedAfterPaying).toBe(48);
  // Nothing kept that was not booked: each payment is used by a booking or refunded at once.
  expect(await surgeLedger(stored, date.pujaId)).toEqual({
    placesTaken: 12,
    used: 12,
    refunded: outcomes.refusedAfterPaying,
    paymentsKept: 0,
  });
});

it('keeps /metrics off the load balancer (404), while the shop answers through it', async () => {
  // docs/SECURITY.md, Operations: the counters are read on the machine, never from outside.
  expect((await fetch(`${cluster.url}/metrics`)).status).toBe(404);
  expect((await fetch(`${cluster.url}/metrics?x=1`)).status).toBe(404);
  expect((await fetch(`${cluster.url}/healthz`)).status).toBe(200);
});

it('routes around a process killed in the middle of a burst, and loses no acknowledged order', async () => {
  const buyers = await customers(8);
  const product = await productWithStock(1000);
  const victim = cluster.processes[0]!;
  const acknowledged = new Map<string, number>();
  const firstTry: Answer[] = [];
  let killed: Promise<void> | undefined;

  /** One customer's checkout: sent, and sent again with its key until it has an answer (a real client's retry). */
  const checkout = async (i: number) => {
    const buyer = buyers[i % buyers.length]!;
    const key = `burst-${i}`;
    for (let attempt = 0; ; attempt++) {
      const answer = await order(buyer, codOrder(buyer, product, 1 + (i % 2)), key, `${key}-${attempt}`);
      if (attempt === 0) firstTry.push(answer);
      if (answer.status === 201) {
        const { id } = answer.body as { id: number };
        if (acknowledged.has(key)) expect(id).toBe(acknowledged.get(key));
        acknowledged.set(key, id);
        if (acknowledged.size === 25 && !killed) {
          victim.child.kill('SIGKILL');
          killed = victim.exited;
        }
        return answer;
      }
      // No answer, or nginx's 502 for a request the killed process had: retry with the same key.
      expect(
        answer.status === 'no answer' || answer.status === 502 || answer.status === 503,
        JSON.stringify(answer),
      ).toBe(true);
      if (attempt >= 5) throw new Error(`${key} never got an answer`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  const results = await Promise.all(Array.from({ length: 120 }, (_, i) => checkout(i)));
  await killed;
  expect(killed, 'a process was killed mid-burst').toBeDefined();
  expect(victim.child.signalCode).toBe('SIGKILL');
  expect(results.every((r) => r.status === 201)).toBe(true);

  // Every acknowledged order is stored, once per key; the stock ledger balances.
  const { rows } = await sql<{ idempotencyKey: string; id: number }>`
    select idempotency_key, id from orders where idempotency_key like 'burst-%'`.execute(stored);
  expect(rows).toHaveLength(120);
  const byKey = new Map(rows.map((r) => [r.idempotencyKey, r.id]));
  for (const [key, id] of acknowledged) expect(byKey.get(key), key).toBe(id);
  const sold = await numberOf(
    stored,
    sql`select coalesce(sum(quantity), 0) as n from order_items where product_id = ${product}`,
  );
  expect(await numberOf(stored, sql`select stock_quantity as n from product where id = ${product}`)).toBe(
    1000 - sold,
  );
  expect(sold).toBe(Array.from({ length: 120 }, (_, i) => 1 + (i % 2)).reduce((a, b) => a + b, 0));

  // nginx now sends everything to the survivor: new checkouts succeed at the first try.
  const after = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      order(
        buyers[i % buyers.length]!,
        codOrder(buyers[i % buyers.length]!, product),
        `after-${i}`,
        `after-${i}`,
      ),
    ),
  );
  expect(after.map((a) => a.status)).toEqual(Array(10).fill(201));
  const by = servedBy(cluster.processes);
  expect(Array.from({ length: 10 }, (_, i) => by.get(`after-${i}`))).toEqual(Array(10).fill(1));
  // The burst really was cut: nginx met the dead process (a reset or a refused connection). It
  // resends a keyed checkout to the survivor (docs/decisions/0028), so few first tries fail now,
  // and a client's retry with its key recovers any that do.
  const nginxErrors = fs.readFileSync(path.join(cluster.nginx.dir, 'error.log'), 'utf8');
  expect(nginxErrors).toContain(victim.address);
  expect(nginxErrors).toMatch(/Connection refused|Connection reset|prematurely closed/);
  expect(firstTry).toHaveLength(120);
});

it('stops a process gracefully (SIGTERM) in the middle of a stream of checkouts: each answered at the first try, none lost', async () => {
  const buyers = await customers(8);
  const product = await productWithStock(1000);
  const victim = cluster.processes[0]!;
  let acknowledged = 0;
  let stopped: Promise<void> | undefined;

  // Eight customers check out one after another, twelve times each: a stream, not one burst, so
  // checkouts keep arriving while the process finishes what it has and closes its door.
  const answers: Answer[] = [];
  await Promise.all(
    buyers.map(async (buyer, b) => {
      for (let n = 0; n < 12; n++) {
        const key = `rolling-${b}-${n}`;
        const answer = await order(buyer, codOrder(buyer, product), key, key);
        answers.push(answer);
        if (answer.status === 201 && ++acknowledged === 24) {
          victim.child.kill('SIGTERM');
          stopped = victim.exited;
        }
      }
    }),
  );
  await stopped;
  expect(stopped, 'a process was stopped mid-stream').toBeDefined();
  // It stopped as a stop is meant to: in-flight work finished, exit code 0 (not killed).
  expect({ code: victim.child.exitCode, signal: victim.child.signalCode }).toEqual({ code: 0, signal: null });
  // nginx sent the later checkouts to the other process (a refused connection is tried on the
  // next), so no customer saw an error or had to retry.
  expect(countStatuses(answers.map((a) => a.status as number))).toEqual({ 201: 96 });
  expect(
    await numberOf(stored, sql`select count(*) as n from orders where idempotency_key like 'rolling-%'`),
  ).toBe(96);
  const by = servedBy(cluster.processes);
  const keys = buyers.flatMap((_, b) => Array.from({ length: 12 }, (__, n) => `rolling-${b}-${n}`));
  const onVictim = keys.filter((key) => by.get(key) === victim.index).length;
  expect(onVictim).toBeGreaterThan(0);
  expect(onVictim).toBeLessThan(48);
});
