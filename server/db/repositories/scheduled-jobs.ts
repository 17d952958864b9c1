import type { Db } from '../client.ts';

/**
 * The scheduler's jobs and their leases (server/jobs/scheduler.ts): data access only. Every
 * change is ONE conditional UPDATE, so processes sharing the database never both hold a job.
 */

/** Adds the job if it is not there yet (due at once); an existing row is left as it is. */
export async function registerJob(db: Db, name: string, now: string): Promise<void> {
  await db
    .insertInto('scheduledJobs')
    .values({ name, nextRunAt: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/**
 * Claims the job for `owner` until `leaseUntil` when it is due and nobody holds a live lease on
 * it: true when this call got it.
 */
export async function claimJob(
  db: Db,
  { name, owner, now, leaseUntil }: { name: string; owner: string; now: string; leaseUntil: string },
): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('scheduledJobs')
    .set((eb) => ({ leaseOwner: owner, leaseUntil, lastStartedAt: now, runs: eb('runs', '+', 1) }))
    .where('name', '=', name)
    .where('nextRunAt', '<=', now)
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<=', now)]))
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** Gives the lease back and sets the next run; only the lease's owner can (false otherwise). */
export async function finishJob(
  db: Db,
  {
    name,
    owner,
    now,
    nextRunAt,
    error,
  }: { name: string; owner: string; now: string; nextRunAt: string; error: string | null },
): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('scheduledJobs')
    .set({ leaseOwner: null, leaseUntil: null, lastFinishedAt: now, nextRunAt, lastError: error })
    .where('name', '=', name)
    .where('leaseOwner', '=', owner)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

export function findJob(db: Db, name: string) {
  return db.selectFrom('scheduledJobs').selectAll().where('name', '=', name).executeTakeFirst();
}
