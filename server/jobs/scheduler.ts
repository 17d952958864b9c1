import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { SCHEDULER_TICK_MS } from '../config.ts';
import type { Db } from '../db/client.ts';
import { claimJob, finishJob, registerJob } from '../db/repositories/scheduled-jobs.ts';
import { deliverDueMessages, type DeliveryDeps } from '../messages/deliver.ts';
import { queueNamesReminders } from '../messages/outbox.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import { lockDueBookings, settlePendingBookingRefunds } from '../services/booking-lifecycle.ts';
import { settlePendingOrderRefunds } from '../services/order-lifecycle.ts';
import { expireStalePayments, settleUnconfirmedRefunds } from '../services/payments.ts';
import { pruneUnusedUploads } from '../services/uploads.ts';
import { runWaitlistOffers } from '../services/waitlist.ts';

/**
 * The server's one mechanism for work that happens on time without a person
 * (docs/decisions/0022-one-scheduler-with-leases-in-the-database.md): every API process ticks,
 * and on each tick runs the jobs that are due, each after claiming it in the database
 * (scheduled_jobs, a conditional UPDATE). However many processes share the database, a job runs
 * in one of them at a time and once per interval; a process that dies holding a lease loses it
 * when the lease runs out. The jobs themselves are idempotent too (each step they take is a
 * conditional UPDATE), so even a lease that ran out mid-run cannot make a step happen twice.
 */
export interface Job {
  name: string;
  /** How long after a run ends the next one is due. */
  everyMs: number;
  /** How long a claim holds: longer than a run may take. */
  leaseMs: number;
  /** Does the work; returns how many things it changed (for the log). */
  run: () => Promise<number>;
}

export interface SchedulerDeps {
  db: Db;
  gateway: PaymentGateway;
  /** Where uploads are kept (DATA_DIR/uploads unless UPLOADS_DIR says otherwise). */
  uploadsDir: string;
  now: () => Date;
  /** How the outbox's messages go out (server/messages/); without it they wait in the outbox. */
  messages?: Omit<DeliveryDeps, 'db' | 'now'>;
}

const MINUTE = 60_000;

/** The shop's scheduled work. */
export function shopJobs(deps: SchedulerDeps): Job[] {
  return [
    {
      // docs/product-rules.md, Payments: intents never captured expire, captures never used are refunded.
      name: 'payments.expire',
      everyMs: MINUTE,
      leaseMs: 5 * MINUTE,
      run: () => expireStalePayments(deps.db, deps.gateway, deps.now()),
    },
    {
      // docs/product-rules.md, Orders and bookings after the sale: the sankalp locks on time.
      name: 'bookings.lockSankalp',
      everyMs: MINUTE,
      leaseMs: 5 * MINUTE,
      run: () => lockDueBookings(deps),
    },
    {
      // Refunds the gateway could not make at once (it was down) are tried again, with the same
      // idempotency key (docs/decisions/0053-refunds-outside-the-transaction-with-a-key.md).
      name: 'refunds.settle',
      everyMs: 5 * MINUTE,
      leaseMs: 10 * MINUTE,
      run: async () =>
        (await settlePendingOrderRefunds(deps)) +
        (await settlePendingBookingRefunds(deps)) +
        (await settleUnconfirmedRefunds(deps.db, deps.gateway, deps.now())),
    },
    {
      // docs/product-rules.md, Waitlist: offers past their deadline lapse, freed places go to the next in line.
      name: 'waitlist.offer',
      everyMs: MINUTE,
      leaseMs: 5 * MINUTE,
      run: () => runWaitlistOffers(deps),
    },
    {
      // docs/product-rules.md, Messages to customers: "check the names", 24 hours before they lock.
      name: 'messages.namesReminder',
      everyMs: MINUTE,
      leaseMs: 5 * MINUTE,
      run: () => queueNamesReminders(deps.db, deps.now()),
    },
    ...(deps.messages ? [messagesJob(deps, deps.messages)] : []),
    {
      // docs/product-rules.md, Orders and bookings after the sale: uploads nothing used are deleted.
      name: 'uploads.prune',
      everyMs: 60 * MINUTE,
      leaseMs: 10 * MINUTE,
      run: () => pruneUnusedUploads(deps.db, deps.uploadsDir, deps.now()),
    },
  ];
}

/**
 * docs/product-rules.md, Messages to customers: the outbox's due messages go out, each once
 * (docs/decisions/0071-messages-through-a-transactional-outbox.md). Every 15 seconds, so a
 * confirmation arrives within moments of the step while the request that made it never waits.
 */
const messagesJob = (deps: SchedulerDeps, messages: Omit<DeliveryDeps, 'db' | 'now'>): Job => ({
  name: 'messages.deliver',
  everyMs: 15_000,
  leaseMs: 5 * MINUTE,
  run: () => deliverDueMessages({ ...messages, db: deps.db, now: deps.now }),
});

/** This process's name in the leases it holds. */
export const processOwner = () => `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

export interface JobRun {
  name: string;
  changed: number | null;
  error: string | null;
}

/**
 * Runs every job that is due and that this process can claim, one after the other; returns what
 * it ran. A job that throws is recorded (last_error) and due again after its interval.
 */
export async function runDueJobs(
  db: Db,
  jobs: readonly Job[],
  {
    owner,
    now,
    onRun,
  }: {
    owner: string;
    now: () => Date;
    /** Told of each run (the metrics count them). */ onRun?: (run: JobRun) => void;
  },
): Promise<JobRun[]> {
  const runs: JobRun[] = [];
  for (const job of jobs) {
    const started = now();
    await registerJob(db, job.name, started.toISOString());
    const claimed = await claimJob(db, {
      name: job.name,
      owner,
      now: started.toISOString(),
      leaseUntil: new Date(started.getTime() + job.leaseMs).toISOString(),
    });
    if (!claimed) continue;
    let changed: number | null = null;
    let error: string | null = null;
    try {
      changed = await job.run();
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
      console.error(`Scheduled job ${job.name} failed`, failure);
    }
    const finished = now();
    await finishJob(db, {
      name: job.name,
      owner,
      now: finished.toISOString(),
      nextRunAt: new Date(finished.getTime() + job.everyMs).toISOString(),
      error,
    });
    const run = { name: job.name, changed, error };
    runs.push(run);
    onRun?.(run);
  }
  return runs;
}

/**
 * Ticks now and then every `tickMs` on an unref'd timer (it never keeps the process alive). A
 * tick never overlaps the previous one. `stop()` ends the ticking and resolves once a tick in
 * progress has finished, so a graceful shutdown does not cut a job short.
 */
export function startScheduler({
  db,
  jobs,
  tickMs = SCHEDULER_TICK_MS,
  owner = processOwner(),
  now = () => new Date(),
  onRun,
}: {
  db: Db;
  jobs: readonly Job[];
  tickMs?: number;
  owner?: string;
  now?: () => Date;
  onRun?: (run: JobRun) => void;
}): { stop: () => Promise<void> } {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = runDueJobs(db, jobs, { owner, now, onRun })
      .catch((error: unknown) => console.error('Scheduler tick failed', error))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, tickMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
