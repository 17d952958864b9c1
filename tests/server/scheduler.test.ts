/**
 * The scheduler (server/jobs/scheduler.ts): a job runs only where it was claimed in the
 * database, once per interval however many processes tick, a crashed holder's lease runs out,
 * and a failing job is recorded and tried again later.
 */
import { findJob } from '../../server/db/repositories/scheduled-jobs.ts';
import { runDueJobs, type Job } from '../../server/jobs/scheduler.ts';
import { countJobRun, createMetrics } from '../../server/ops/metrics.ts';
import { createTestShop } from '../support/test-db.ts';
import { shopPerFile } from '../support/prelude.ts';

const shop = shopPerFile(() => createTestShop({ seed: false }));
const T0 = Date.parse('2026-03-02T06:00:00.000Z');
const at = (ms: number) => () => new Date(T0 + ms);
const MINUTE = 60_000;

function countingJob(name: string, { everyMs = MINUTE, leaseMs = 5 * MINUTE, fail = false } = {}) {
  const job: Job & { runs: number } = {
    name,
    everyMs,
    leaseMs,
    runs: 0,
    run: () => {
      job.runs += 1;
      return fail ? Promise.reject(new Error('gateway down')) : Promise.resolve(1);
    },
  };
  return job;
}

describe('runDueJobs', () => {
  it('runs a due job in one of two processes ticking at once, then not again until its interval has passed', async () => {
    const job = countingJob('test.once');
    const [a, b] = await Promise.all([
      runDueJobs(shop.db, [job], { owner: 'process-a', now: at(0) }),
      runDueJobs(shop.db, [job], { owner: 'process-b', now: at(0) }),
    ]);
    expect(job.runs).toBe(1);
    expect([...a, ...b]).toEqual([{ name: 'test.once', changed: 1, error: null }]);
    expect(await runDueJobs(shop.db, [job], { owner: 'process-b', now: at(MINUTE - 1) })).toEqual([]);
    expect((await runDueJobs(shop.db, [job], { owner: 'process-b', now: at(MINUTE) })).length).toBe(1);
    expect(job.runs).toBe(2);
    expect(await findJob(shop.db, 'test.once')).toMatchObject({ runs: 2, leaseOwner: null, lastError: null });
  });

  it('skips a job another process holds, until that lease runs out (a crashed holder)', async () => {
    const job = countingJob('test.lease', { leaseMs: 10 * MINUTE });
    let release!: () => void;
    const slow: Job = {
      ...job,
      run: () => new Promise<number>((resolve) => (release = () => resolve(0))),
    };
    const holding = runDueJobs(shop.db, [slow], { owner: 'holder', now: at(0) });
    await vi.waitFor(() => expect(release).toBeDefined());
    expect(await runDueJobs(shop.db, [job], { owner: 'other', now: at(5 * MINUTE) })).toEqual([]);
    // The holder never finished (it crashed): after its lease the job is due again elsewhere.
    expect((await runDueJobs(shop.db, [job], { owner: 'other', now: at(10 * MINUTE) })).length).toBe(1);
    release();
    await holding;
    // The old holder cannot give back a lease it no longer has.
    expect(await findJob(shop.db, 'test.lease')).toMatchObject({ leaseOwner: null, runs: 2 });
  });

  it('records a failure and tries again after the interval', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const job = countingJob('test.fails', { fail: true });
    expect(await runDueJobs(shop.db, [job], { owner: 'a', now: at(0) })).toEqual([
      { name: 'test.fails', changed: null, error: 'gateway down' },
    ]);
    expect(await findJob(shop.db, 'test.fails')).toMatchObject({
      lastError: 'gateway down',
      leaseOwner: null,
    });
    expect(await runDueJobs(shop.db, [job], { owner: 'a', now: at(MINUTE) })).toHaveLength(1);
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });
});

describe('the metrics', () => {
  it('count each run by job and outcome, and what the runs changed', async () => {
    const metrics = createMetrics();
    const sweep: Job = {
      name: 'test.sweep',
      everyMs: MINUTE,
      leaseMs: MINUTE,
      run: () => Promise.resolve(3),
    };
    const idle: Job = { name: 'test.idle', everyMs: MINUTE, leaseMs: MINUTE, run: () => Promise.resolve(0) };
    const failing = countingJob('test.failing', { fail: true });
    const onRun = (run: Parameters<typeof countJobRun>[1]) => countJobRun(metrics, run);
    await runDueJobs(shop.db, [sweep, idle, failing], { owner: 'metrics', now: at(0), onRun });
    await runDueJobs(shop.db, [sweep], { owner: 'metrics', now: at(MINUTE), onRun });
    const text = await metrics.registry.metrics();
    expect(text).toContain('shop_scheduled_job_runs_total{job="test.sweep",outcome="ok"} 2');
    expect(text).toContain('shop_scheduled_job_runs_total{job="test.idle",outcome="ok"} 1');
    expect(text).toContain('shop_scheduled_job_runs_total{job="test.failing",outcome="failed"} 1');
    expect(text).toContain('shop_scheduled_job_changes_total{job="test.sweep"} 6');
    expect(text).not.toContain('shop_scheduled_job_changes_total{job="test.idle"}');
  });
});
