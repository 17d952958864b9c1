/**
 * `npm run load:cluster`: the load check (scripts/load.ts) against 1 and against 2 API processes
 * behind nginx, in one run, on the same machine and PostgreSQL server, each over a fresh
 * database with the same settings and seed; prints the figures side by side as a Markdown
 * table (the README's "Scaling out" table comes from it).
 *
 *   npm run load:cluster
 *   npm run load:cluster -- --processes 1,2,3 --seconds 30 --concurrency 16
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { buildServer } from './build-server.ts';
import { startCluster } from './ops/cluster.ts';
import { createDatabase, startThrowawayPostgres } from './ops/postgres.ts';

const { values: args } = parseArgs({
  options: {
    processes: { type: 'string', default: '1,2' },
    seconds: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '16' },
  },
});
const counts = args.processes.split(',').map(Number);
if (counts.some((n) => !Number.isSafeInteger(n) || n < 1 || n > 16)) {
  console.error('--processes takes a list of whole numbers from 1 to 16, e.g. 1,2');
  process.exit(2);
}

interface Summary {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  orders: number;
  refusedForStock: number;
  balanced: boolean;
  perKind: Record<string, { requests: number; p50: number; p99: number }>;
}

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-load-cluster-'));
const entry = await buildServer();
const postgres = process.env.DATABASE_URL ? undefined : await startThrowawayPostgres();
const serverUrl = process.env.DATABASE_URL ?? postgres!.url;
const results: Summary[] = [];
try {
  for (const [i, processes] of counts.entries()) {
    // A fresh database per measure, on the same server.
    const databaseUrl = await createDatabase(serverUrl, `shop_load_${process.pid}_${i}`);
    const cluster = await startCluster({ processes, entry, databaseUrl, serveSpa: false });
    try {
      const summary = path.join(work, `${processes}.json`);
      console.log(`--- ${processes} process${processes > 1 ? 'es' : ''} behind nginx (${cluster.url})`);
      const { stdout } = await run(
        process.execPath,
        [
          '--import',
          'tsx',
          'scripts/load.ts',
          '--url',
          cluster.url,
          '--seconds',
          args.seconds,
          '--concurrency',
          args.concurrency,
          '--summary',
          summary,
        ],
        { cwd: root, maxBuffer: 16 * 1024 * 1024 },
      );
      console.log(stdout.trim().split('\n').at(-1));
      results.push(JSON.parse(fs.readFileSync(summary, 'utf8')) as Summary);
    } finally {
      await cluster.stop();
    }
  }
} finally {
  await postgres?.stop();
  fs.rmSync(work, { recursive: true, force: true });
}

const ms = (n: number) => (n < 10 ? n.toFixed(1) : n.toFixed(0));
const header = counts.map((n) => `${n} process${n > 1 ? 'es' : ''}`);
const row = (label: string, cell: (s: Summary) => string) =>
  `| ${label} | ${results.map((s) => cell(s)).join(' | ')} |`;
const lines = [
  `| behind nginx, PostgreSQL | ${header.join(' | ')} |`,
  `| --- | ${header.map(() => '---:').join(' | ')} |`,
  row('requests per second', (s) => s.perSecond.toFixed(0)),
  row('latency p50 / p99 (ms)', (s) => `${ms(s.p50)} / ${ms(s.p99)}`),
  row(
    'GET /products p50 / p99 (ms)',
    (s) => `${ms(s.perKind.products!.p50)} / ${ms(s.perKind.products!.p99)}`,
  ),
  row('checkout p50 / p99 (ms)', (s) => `${ms(s.perKind.checkout!.p50)} / ${ms(s.perKind.checkout!.p99)}`),
  row('orders placed (409 when sold out)', (s) => `${s.orders} (${s.refusedForStock})`),
  row('errors (5xx, no answer)', (s) => String(s.errors)),
  row('stock ledger', (s) => (s.balanced ? 'balances' : 'UNBALANCED')),
];
console.log(
  `\n${args.seconds} s each, ${args.concurrency} concurrent clients, one run on ${os.cpus().length} cores ` +
    `(load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}):\n`,
);
console.log(lines.join('\n'));
if (results.some((s) => !s.balanced || s.errors > 0)) process.exitCode = 1;
