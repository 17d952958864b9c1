/** SQLite (better-sqlite3) and PostgreSQL report a unique-index violation differently. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/**
 * PostgreSQL's codes for "not now": lock_not_available (lock_timeout), query_canceled
 * (statement_timeout), serialization_failure and deadlock_detected. Nothing was committed;
 * the same request may simply be sent again.
 */
const POSTGRES_BUSY = new Set(['55P03', '57014', '40001', '40P01']);

/** What pg's pool throws when no connection frees up within connectionTimeoutMillis. */
const POOL_TIMEOUT = 'timeout exceeded when trying to connect';

/**
 * True when the database refused the work because it is busy (a lock held by someone else
 * past the wait limit, a deadlock, a full pool), not because the work was wrong: SQLITE_BUSY
 * and SQLITE_LOCKED (with their extended codes), the PostgreSQL codes above, a pool timeout.
 */
export function isDatabaseBusy(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (/^SQLITE_(BUSY|LOCKED)(_|$)/.test(code) || POSTGRES_BUSY.has(code)))
    return true;
  return typeof message === 'string' && message.includes(POOL_TIMEOUT);
}

/** The answer to a request the database was too busy for: 503 with this message and Retry-After. */
export const databaseBusy = {
  status: 503,
  message: 'The shop is busy, please try again in a moment',
  retryAfterSeconds: 1,
} as const;
