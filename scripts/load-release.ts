/**
 * `npm run load:release`: the release-day surge (docs/product-rules.md, Places at the temple).
 * 500 devotees try at the same moment for a puja date of 90 places, each as the wizard does
 * (payment intent, UPI capture, booking), first against one API process and then against the
 * cluster of two behind nginx, on the same machine and PostgreSQL server, each over a fresh
 * database with the same seed. Prints the figures side by side as a Markdown table and exits 1
 * unless each run sold exactly the places, kept no payment it did not book, and failed nothing.
 *
 *   npm run load:release
 *   npm run load:release -- --devotees 500 --places 90 --processes 1,2
 */
import { parseArgs } from 'node:util';
import os from 'node:os';
import { openDb } from '../server/db/client.ts';
import { newCustomer, type HttpCustomer } from '../tests/support/api-server.ts';
import { buildServer } from './build-server.ts';
import { startCluster } from './ops/cluster.ts';
import { createDatabase, startThrowawayPostgres } from './ops/postgres.ts';
import {
  percentile,
  prepareSurgeDate,
  releaseSurge,
  surgeLedger,
  type SurgeResult,
} from './lib/release-surge.ts';

const { values: args } = parseArgs({
  options: {
    devotees: { type: 'string', default: '500' },
    places: { type: 'string', default: '90' },
    processes: { type: 'string', default: '1,2' },
  },
});
const whole = (name: string, value: string, max: number) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1 || n > max) {
    console.error(`--${name} takes a whole number from 1 to ${max}`);
    process.exit(2);
  }
  return n;
};
const devoteeCount = whole('devotees', args.devotees, 5000);
const places = whole('places', args.places, 100_000);
const counts = args.processes.split(',').map((n) => whole('processes', n, 16));

interface Run {
  processes: number;
  result: SurgeResult;
  ledger: Awaited<ReturnType<typeof surgeLedger>>;
  seconds: number;
}

/** Registers the devotees a few at a time (their sign-ups are not what is measured). */
async function register(base: string): Promise<HttpCustomer[]> {
  const all: HttpCustomer[] = [];
  while (all.length < devoteeCount) {
    const batch = Math.min(16, devoteeCount - all.length);
    all.push(
      ...(await Promise.all(
        Array.from({ length: batch }, (_, i) => newCustomer(base, `Devotee ${all.length + i + 1}`)),
      )),
    );
  }
  return all;
}

const entry = await buildServer();
const postgres = process.env.DATABASE_URL ? undefined : await startThrowawayPostgres();
const serverUrl = process.env.DATABASE_URL ?? postgres!.url;
const runs: Run[] = [];
try {
  for (const [i, processes] of counts.entries()) {
    const databaseUrl = await createDatabase(serverUrl, `shop_release_${process.pid}_${i}`);
    const cluster = await startCluster({ processes, entry, databaseUrl, serveSpa: false });
    const db = await openDb({ databaseUrl });
    try {
      console.log(`--- ${processes} process${processes > 1 ? 'es' : ''} behind nginx (${cluster.url})`);
      const devotees = await register(cluster.url);
      const date = await prepareSurgeDate(cluster.url, db, places);
      const started = performance.now();
      const result = await releaseSurge(cluster.url, devotees, date);
      const seconds = (performance.now() - started) / 1000;
      const ledger = await surgeLedger(db, date.pujaId);
      console.log(JSON.stringify({ outcomes: result.outcomes, ledger, seconds: seconds.toFixed(1) }));
      for (const error of new Set(result.errors)) console.log(`  error: ${error}`);
      runs.push({ processes, result, ledger, seconds });
    } finally {
      await db.destroy();
      await cluster.stop();
    }
  }
} finally {
  await postgres?.stop();
}

const ms = (n: number) => (n < 10 ? n.toFixed(1) : n.toFixed(0));
const header = counts.map((n) => `${n} process${n > 1 ? 'es' : ''}`);
const row = (label: string, cell: (run: Run) => string) => `| ${label} | ${runs.map(cell).join(' | ')} |`;
const lines = [
  `| ${devoteeCount} devotees, ${places} places | ${header.join(' | ')} |`,
  `| --- | ${header.map(() => '---:').join(' | ')} |`,
  row(
    'request latency p50 / p99 (ms)',
    (r) => `${ms(percentile(r.result.requestMs, 50))} / ${ms(percentile(r.result.requestMs, 99))}`,
  ),
  row(
    'whole try p50 / p99 (ms)',
    (r) => `${ms(percentile(r.result.tryMs, 50))} / ${ms(percentile(r.result.tryMs, 99))}`,
  ),
  row('surge over in (s)', (r) => r.seconds.toFixed(1)),
  row('booked', (r) => String(r.result.outcomes.booked)),
  row('refused before paying', (r) => String(r.result.outcomes.refusedBeforePaying)),
  row(
    'refused after paying (refunded)',
    (r) => `${r.result.outcomes.refusedAfterPaying} (${r.ledger.refunded})`,
  ),
  row('busy answers (503), asked again', (r) => String(r.result.busy)),
  row('errors (still failing after 20 tries)', (r) => String(r.result.outcomes.error)),
  row('places taken / payments kept unbooked', (r) => `${r.ledger.placesTaken} / ${r.ledger.paymentsKept}`),
];
console.log(
  `\nOne run on ${os.cpus().length} cores (load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}):\n`,
);
console.log(lines.join('\n'));
const honest = (run: Run) =>
  run.result.outcomes.error === 0 &&
  run.result.outcomes.booked === places &&
  run.ledger.placesTaken === places &&
  run.ledger.paymentsKept === 0 &&
  run.ledger.refunded === run.result.outcomes.refusedAfterPaying;
if (!runs.every(honest)) process.exitCode = 1;
