import { sql } from 'kysely';
import type { Db } from '../client.ts';

/** A counter as stored: points in the current window, and when it ends (ms since the epoch; null never). */
export interface AbuseCounter {
  points: number;
  expire: number | null;
}

const toCounter = (row: { points: number; expire: number | string | null }): AbuseCounter => ({
  points: Number(row.points),
  expire: row.expire === null ? null : Number(row.expire),
});

/**
 * Adds `points` to the counter `key` in one atomic statement (INSERT ... ON CONFLICT DO UPDATE,
 * the same on SQLite and PostgreSQL), so parallel requests in any number of processes each see
 * their own increment. A counter whose window ended at or before `now` starts again from
 * `points` with a new window ending at `expire`; `force` replaces points and window outright
 * (a block). A new window never starts below zero (a late refund of a reservation).
 */
export async function addToCounter(
  db: Db,
  {
    key,
    points,
    expire,
    now,
    force,
  }: { key: string; points: number; expire: number | null; now: number; force: boolean },
): Promise<AbuseCounter> {
  const fresh = Math.max(points, 0);
  const ended = sql<boolean>`(abuse_counters.expire is not null and abuse_counters.expire <= ${now})`;
  const row = await db
    .insertInto('abuseCounters')
    .values({ key, points: fresh, expire })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet(
        force
          ? { points: fresh, expire }
          : {
              points: sql<number>`case when ${ended} then ${fresh} else abuse_counters.points + ${points} end`,
              expire: sql<number | null>`case when ${ended} then ${expire} else abuse_counters.expire end`,
            },
      ),
    )
    .returning(['points', 'expire'])
    .executeTakeFirstOrThrow();
  return toCounter(row);
}

/** The counter `key` while its window is open at `now`. */
export async function findCounter(db: Db, key: string, now: number): Promise<AbuseCounter | undefined> {
  const row = await db
    .selectFrom('abuseCounters')
    .select(['points', 'expire'])
    .where('key', '=', key)
    .where((eb) => eb.or([eb('expire', 'is', null), eb('expire', '>', now)]))
    .executeTakeFirst();
  return row && toCounter(row);
}

/** Forgets the counter `key`; true when there was one. */
export async function deleteCounter(db: Db, key: string): Promise<boolean> {
  const { numDeletedRows } = await db.deleteFrom('abuseCounters').where('key', '=', key).executeTakeFirst();
  return numDeletedRows > 0n;
}

/** Removes counters whose window ended before `before`, so old keys do not pile up. */
export async function deleteEndedCounters(db: Db, before: number): Promise<void> {
  await db.deleteFrom('abuseCounters').where('expire', '<', before).execute();
}
