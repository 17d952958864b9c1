import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { isPostgres, poolUsage, type Db } from '../db/client.ts';

/**
 * The Prometheus metrics of one API process (prom-client), served at /metrics
 * (docs/decisions/0027-request-logs-and-metrics.md). Each process counts its own requests;
 * Prometheus scrapes every process and sums them. Labels are bounded: a route is its pattern
 * (`/api/orders/:id`), never the raw path.
 */
export interface Metrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  duration: Histogram<'method' | 'route' | 'status'>;
  orders: Counter<'outcome'>;
  bookings: Counter<'outcome'>;
  payments: Counter<'outcome'>;
  rateLimited: Counter<'route'>;
  /** Runs of the scheduler's jobs by job and outcome (ok, failed). */
  jobRuns: Counter<'job' | 'outcome'>;
  /** What those runs changed, by job: payments expired or refunded by the sweep, sankalps locked, refunds settled, uploads pruned. */
  jobChanges: Counter<'job'>;
}

export function createMetrics({
  db,
  processMetrics = false,
}: {
  /** Its pool's usage is reported (PostgreSQL: connections total, idle, waited for). */
  db?: Db;
  /** prom-client's process metrics too (CPU, memory, event loop lag): for the real server only. */
  processMetrics?: boolean;
} = {}): Metrics {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });
  const metrics: Metrics = {
    registry,
    requests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to its answer, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    orders: new Counter({
      name: 'shop_orders_total',
      help: 'POST /api/orders by outcome: created, replayed (Idempotency-Key), refused (4xx), busy (503), failed (5xx)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    bookings: new Counter({
      name: 'shop_bookings_total',
      help: 'POST /api/bookings by outcome: created, replayed (Idempotency-Key), refused (4xx), busy (503), failed (5xx)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    payments: new Counter({
      name: 'shop_payments_total',
      help: 'Payments by outcome: intent_created, captured, declined, refused (capture not possible), refunded (a captured payment that could not become its record)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    rateLimited: new Counter({
      name: 'shop_rate_limit_refusals_total',
      help: 'Requests refused by an abuse limit (429), by route pattern',
      labelNames: ['route'],
      registers: [registry],
    }),
    jobRuns: new Counter({
      name: 'shop_scheduled_job_runs_total',
      help: 'Runs of scheduled work in this process, by job and outcome (ok, failed)',
      labelNames: ['job', 'outcome'],
      registers: [registry],
    }),
    jobChanges: new Counter({
      name: 'shop_scheduled_job_changes_total',
      help: 'Records changed by scheduled work, by job: payments.expire (stale payments expired or refunded), bookings.lockSankalp, refunds.settle, uploads.prune',
      labelNames: ['job'],
      registers: [registry],
    }),
  };
  if (db) {
    const postgres = isPostgres(db);
    new Gauge({
      name: 'shop_db_pool_connections',
      help: 'Database connections of this process by state: total (open), idle, waiting (requests queued for one), max. SQLite: one connection.',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const usage = postgres ? poolUsage(db) : undefined;
        if (usage) {
          for (const [state, value] of Object.entries(usage)) this.set({ state }, value);
        } else {
          this.set({ state: 'total' }, 1);
          this.set({ state: 'max' }, 1);
        }
      },
    });
  }
  return metrics;
}

/** Counts one run of a scheduled job (server/jobs/scheduler.ts) and what it changed. */
export function countJobRun(
  metrics: Metrics,
  run: { name: string; changed: number | null; error: string | null },
) {
  metrics.jobRuns.inc({ job: run.name, outcome: run.error === null ? 'ok' : 'failed' });
  if (run.changed) metrics.jobChanges.inc({ job: run.name }, run.changed);
}
