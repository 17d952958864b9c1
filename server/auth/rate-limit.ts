import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

export interface LoginLimiterOptions {
  /** Failures within `windowMs` that lock the client out (default 5). */
  maxFailures?: number;
  /** How far back failures count, and how long a lockout lasts (default 15 minutes). */
  windowMs?: number;
  /** The clock (ms since the epoch); injectable for tests. */
  now?: () => number;
}

export type LimitCheck = { blocked: false } | { blocked: true; retryAfterSeconds: number };

export interface LoginLimiter {
  check(key: string): LimitCheck;
  recordFailure(key: string): void;
  /** A successful sign-in forgets the client's failures. */
  reset(key: string): void;
}

interface Entry {
  failures: number[];
  lockedUntil: number;
}

/** Keys kept before stale entries are swept, so a flood of addresses cannot grow memory forever. */
const SWEEP_AT = 10_000;

/**
 * Failed-login limiter, in memory and per app instance: `maxFailures` failures within
 * `windowMs` lock the client out for `windowMs`. With several API processes each keeps its own
 * count, which still bounds guessing to a small multiple.
 */
export function createLoginLimiter({
  maxFailures = 5,
  windowMs = 15 * 60 * 1000,
  now = Date.now,
}: LoginLimiterOptions = {}): LoginLimiter {
  const entries = new Map<string, Entry>();

  const sweep = (at: number) => {
    for (const [key, entry] of entries) {
      if (entry.lockedUntil <= at && entry.failures.every((t) => t <= at - windowMs)) entries.delete(key);
    }
  };

  return {
    check(key) {
      const at = now();
      const entry = entries.get(key);
      if (!entry || entry.lockedUntil <= at) return { blocked: false };
      return { blocked: true, retryAfterSeconds: Math.max(1, Math.ceil((entry.lockedUntil - at) / 1000)) };
    },

    recordFailure(key) {
      const at = now();
      if (entries.size >= SWEEP_AT) sweep(at);
      const entry = entries.get(key) ?? { failures: [], lockedUntil: 0 };
      entry.failures = entry.failures.filter((t) => t > at - windowMs);
      entry.failures.push(at);
      if (entry.failures.length >= maxFailures) {
        entry.lockedUntil = at + windowMs;
        entry.failures = [];
      }
      entries.set(key, entry);
    },

    reset(key) {
      entries.delete(key);
    },
  };
}

/**
 * The client's key: the socket's remote address. X-Forwarded-For is never trusted (anyone can
 * send it). Without a socket, as under `app.request` in tests, every request is 'local'.
 */
export function clientKey(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'local';
  } catch {
    return 'local';
  }
}
