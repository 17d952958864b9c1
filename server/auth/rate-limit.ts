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

/** A refused sign-in attempt: the client may try again after this many seconds. */
export interface LoginRefusal {
  blocked: true;
  retryAfterSeconds: number;
}

/** A sign-in attempt under way; settle it exactly once (later calls are ignored). */
export interface LoginAttempt {
  blocked: false;
  /** A wrong password or an unknown e-mail; `subject` is the (normalised) e-mail tried. */
  failed(subject: string): void;
  /**
   * A sign-in: forgets this client's failures for `subject` only, so a customer's own typos are
   * forgiven while signing in to one's own account does not reset guessing at other accounts.
   */
  succeeded(subject: string): void;
  /** Neither (the request failed for another reason): only ends the attempt. */
  abandoned(): void;
}

export interface LoginLimiter {
  /**
   * Starts a sign-in attempt from the client `key`, or refuses it while the client is locked
   * out, or while the attempts it has in flight could use up the failures it has left (so a burst
   * of parallel guesses cannot all pass before the first one is counted).
   */
  begin(key: string): LoginAttempt | LoginRefusal;
}

interface Entry {
  failures: { at: number; subject: string }[];
  lockedUntil: number;
  inFlight: number;
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

  const isIdle = (entry: Entry, at: number) =>
    entry.inFlight === 0 && entry.lockedUntil <= at && entry.failures.every((f) => f.at <= at - windowMs);

  const sweep = (at: number) => {
    for (const [key, entry] of entries) if (isIdle(entry, at)) entries.delete(key);
  };

  return {
    begin(key) {
      const at = now();
      if (entries.size >= SWEEP_AT) sweep(at);
      const entry = entries.get(key) ?? { failures: [], lockedUntil: 0, inFlight: 0 };
      if (entry.lockedUntil > at) {
        return { blocked: true, retryAfterSeconds: Math.max(1, Math.ceil((entry.lockedUntil - at) / 1000)) };
      }
      entry.failures = entry.failures.filter((f) => f.at > at - windowMs);
      if (entry.failures.length + entry.inFlight >= maxFailures)
        return { blocked: true, retryAfterSeconds: 1 };
      entry.inFlight += 1;
      entries.set(key, entry);

      let settled = false;
      const settle = () => {
        if (settled) return false;
        settled = true;
        entry.inFlight -= 1;
        return true;
      };
      return {
        blocked: false,
        failed(subject) {
          if (!settle()) return;
          const when = now();
          entry.failures = entry.failures.filter((f) => f.at > when - windowMs);
          entry.failures.push({ at: when, subject });
          if (entry.failures.length >= maxFailures) {
            entry.lockedUntil = when + windowMs;
            entry.failures = [];
          }
          entries.set(key, entry);
        },
        succeeded(subject) {
          if (!settle()) return;
          entry.failures = entry.failures.filter((f) => f.subject !== subject);
          if (isIdle(entry, now())) entries.delete(key);
        },
        abandoned() {
          if (settle() && isIdle(entry, now())) entries.delete(key);
        },
      };
    },
  };
}

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;
const HEXTET = /^[0-9a-f]{1,4}$/;

/**
 * The limiter's key for a remote address: an IPv4 address as it is (also when a dual-stack
 * socket reports it as ::ffff:a.b.c.d), an IPv6 address by its /64 network, since one line is
 * usually given a whole /64 and could otherwise reset its count by changing address.
 */
export function clientKeyOf(address: string): string {
  const mapped = MAPPED_IPV4.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':')) return address;
  const bare = address.split('%')[0]!.toLowerCase();
  const halves = bare.split('::');
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves[1] ? halves[1].split(':') : [];
  // An embedded IPv4 tail (::1.2.3.4) fills two groups; only the first four groups matter here.
  const tailGroups = tail.length + (tail.at(-1)?.includes('.') ? 1 : 0);
  const groups =
    halves.length === 2
      ? [...head, ...Array<string>(Math.max(0, 8 - head.length - tailGroups)).fill('0'), ...tail]
      : head;
  const network = groups.slice(0, 4);
  if (halves.length > 2 || network.length < 4 || !network.every((g) => HEXTET.test(g))) return bare;
  return `${network.map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}

/**
 * The client's key: the socket's remote address (see clientKeyOf). X-Forwarded-For, X-Real-IP
 * and Forwarded are never trusted (anyone can send them). Without a socket, as under
 * `app.request` in tests, every request is 'local'.
 */
export function clientKey(c: Context): string {
  try {
    const address = getConnInfo(c).remote.address;
    return address ? clientKeyOf(address) : 'local';
  } catch {
    return 'local';
  }
}
