import { createRequire } from 'node:module';
import { RateLimiterRes, type RateLimiterStoreAbstract as StoreAbstract } from 'rate-limiter-flexible';
import type { Db } from '../db/client.ts';
import {
  addToCounter,
  deleteCounter,
  deleteEndedCounters,
  findCounter,
  type AbuseCounter,
} from '../db/repositories/abuse-counters.ts';

export interface CounterStoreOptions {
  db: Db;
  /** Prefix of this limiter's keys in the shared abuse_counters table. */
  keyPrefix: string;
  /** Points allowed per window. */
  points: number;
  /** Window length in seconds (the window starts with its first point). */
  duration: number;
  /** Once the points are exceeded, refuse for this many seconds (0: until the window ends). */
  blockDuration?: number;
  /** The clock, ms since the epoch. */
  now: () => number;
}

// The library declares its store base class in its types but exports it only from its own file.
const RateLimiterStoreAbstract = createRequire(import.meta.url)(
  'rate-limiter-flexible/lib/RateLimiterStoreAbstract.js',
) as typeof StoreAbstract;

/** Every this many writes, counters that ended over an hour ago are swept. */
const SWEEP_EVERY = 500;
const SWEEP_AFTER_MS = 60 * 60 * 1000;

/**
 * rate-limiter-flexible's store contract (`_upsert`, `_get`, `_delete`) over our own Kysely
 * connection, so its counting, blocking and Retry-After logic runs against the abuse_counters
 * table of the shop's database, SQLite or PostgreSQL alike, with the app's clock and lock-wait
 * handling. The library's own SQLite and PostgreSQL stores want a raw client and create their
 * table themselves; see docs/decisions/0013-abuse-limits.md.
 */
export class CounterStore extends RateLimiterStoreAbstract {
  readonly #db: Db;
  readonly #now: () => number;
  #writes = 0;

  constructor({ db, now, ...opts }: CounterStoreOptions) {
    super({ ...opts, storeClient: db, tableCreated: true });
    this.#db = db;
    this.#now = now;
  }

  async _upsert(key: string, points: number, msDuration: number, forceExpire = false): Promise<AbuseCounter> {
    const now = this.#now();
    this.#writes += 1;
    if (this.#writes % SWEEP_EVERY === 0) await deleteEndedCounters(this.#db, now - SWEEP_AFTER_MS);
    return addToCounter(this.#db, {
      key,
      points,
      expire: msDuration > 0 ? now + msDuration : null,
      now,
      force: forceExpire,
    });
  }

  async _get(key: string): Promise<AbuseCounter | null> {
    return (await findCounter(this.#db, key, this.#now())) ?? null;
  }

  _delete(key: string): Promise<boolean> {
    return deleteCounter(this.#db, key);
  }

  _getRateLimiterRes(_key: string, changedPoints: number, counter: AbuseCounter): RateLimiterRes {
    const consumed = counter.points;
    const msBeforeNext = counter.expire === null ? -1 : Math.max(counter.expire - this.#now(), 0);
    return new RateLimiterRes(
      Math.max(this.points - consumed, 0),
      msBeforeNext,
      consumed,
      changedPoints === consumed,
    );
  }
}
