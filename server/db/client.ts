import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CamelCasePlugin,
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { Pool } from 'pg';
import { CatalogueChanges, registerCatalogueChanges } from './catalogue-changes.ts';
import { isDatabaseBusy } from './errors.ts';
import { postgresAdapterWithLock, sqliteAdapterWithLock } from './migration-lock.ts';
import type { Database } from './types.ts';

export type Db = Kysely<Database>;

/** How long a request waits, by default, for a lock someone else holds before it is refused as busy. */
export const DEFAULT_LOCK_WAIT_MS = 2000;

export interface DbOptions {
  /** A postgres:// URL selects PostgreSQL; otherwise SQLite in `sqliteFile`. */
  databaseUrl?: string;
  sqliteFile?: string;
  /**
   * The longest a request waits for a database lock held by someone else before the database
   * answers "busy" (SQLITE_BUSY, PostgreSQL 55P03), which the API turns into 503 with
   * Retry-After. Default DEFAULT_LOCK_WAIT_MS.
   */
  lockWaitMs?: number;
  /**
   * PostgreSQL: told when an idle pooled connection breaks (the server restarted, or an
   * administrator ended the session). The pool drops that connection and opens a new one for
   * the next query; without a listener pg would crash the process. Default: ignored.
   */
  onIdleConnectionError?: (err: Error) => void;
}

/** However short the budget gets during a busy spell, a statement still waits this long (a short lock passes). */
const MIN_LOCK_WAIT_MS = 50;

/**
 * The lock-wait budget (SQLite's busy_timeout) for the next statement. better-sqlite3 waits for
 * a lock synchronously, so while one request waits the others queue up behind it; if each then
 * waited the full time, the last of N would answer after N waits. Instead a "busy spell" starts
 * when a statement first finds the database locked, and every statement during the spell waits
 * only for what is left of `ms` since its start (at least MIN_LOCK_WAIT_MS): a locked database
 * answers everyone within about `ms`. A write that gets through ends the spell; so does a
 * quiet interval of `ms` without busy errors.
 */
class LockWait {
  #spellStart: number | null = null;
  #lastBusy = 0;

  constructor(readonly ms: number) {}

  #inSpell(now: number): boolean {
    return this.#spellStart !== null && now - this.#lastBusy <= this.ms;
  }

  budget(now: number): number {
    if (!this.#inSpell(now)) return this.ms;
    return Math.max(Math.min(this.ms, MIN_LOCK_WAIT_MS), Math.ceil(this.#spellStart! + this.ms - now));
  }

  /** A statement that started at `startedAt` gave up waiting for a lock at `now`. */
  busy(startedAt: number, now: number): void {
    if (!this.#inSpell(now)) this.#spellStart = startedAt;
    this.#lastBusy = now;
  }

  /** A statement took the write lock: the database is not locked by anyone else. */
  wrote(): void {
    this.#spellStart = null;
  }
}

const WRITES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
const takesWriteLock = ({ query, sql }: CompiledQuery) =>
  WRITES.has(query.kind) || /^\s*begin immediate/i.test(sql);

/**
 * Kysely's SQLite driver with three changes for a shop that other processes may also write to:
 * - Transactions begin IMMEDIATE: the write lock is taken (or waited for) up front, so a
 *   transaction never fails half-way with SQLITE_BUSY(_SNAPSHOT) when it upgrades from reading
 *   to writing while another process writes; concurrent checkouts queue instead of failing.
 * - Every statement waits for a lock only as long as the LockWait budget allows.
 * - Rollback only while SQLite still has the transaction open (some errors end it themselves),
 *   so the original error is reported, not "cannot rollback - no transaction is active".
 */
class ShopSqliteDriver extends SqliteDriver {
  readonly #database: SQLite.Database;
  readonly #wait: LockWait;
  #busyTimeout: number;

  constructor(database: SQLite.Database, lockWaitMs: number) {
    super({ database });
    this.#database = database;
    this.#wait = new LockWait(lockWaitMs);
    this.#busyTimeout = lockWaitMs;
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    return {
      executeQuery: (query) => this.#execute(connection, query),
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    };
  }

  async #execute<R>(connection: DatabaseConnection, query: CompiledQuery): Promise<QueryResult<R>> {
    const startedAt = performance.now();
    const budget = this.#wait.budget(startedAt);
    if (budget !== this.#busyTimeout) {
      this.#database.pragma(`busy_timeout = ${budget}`);
      this.#busyTimeout = budget;
    }
    try {
      const result = await connection.executeQuery<R>(query);
      if (takesWriteLock(query)) this.#wait.wrote();
      return result;
    } catch (err) {
      if (isDatabaseBusy(err)) this.#wait.busy(startedAt, performance.now());
      throw err;
    }
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.#database.inTransaction) await super.rollbackTransaction(connection);
  }
}

class ShopSqliteDialect extends SqliteDialect {
  readonly #database: SQLite.Database;
  readonly #lockWaitMs: number;

  constructor(database: SQLite.Database, lockWaitMs: number) {
    super({ database });
    this.#database = database;
    this.#lockWaitMs = lockWaitMs;
  }

  override createDriver(): Driver {
    return new ShopSqliteDriver(this.#database, this.#lockWaitMs);
  }

  /** With a migration lock that holds across processes (server/db/migration-lock.ts). */
  override createAdapter(): DialectAdapter {
    return sqliteAdapterWithLock();
  }
}

class ShopPostgresDialect extends PostgresDialect {
  override createAdapter(): DialectAdapter {
    return postgresAdapterWithLock();
  }
}

/** True when `db` talks to PostgreSQL (else SQLite). */
export const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

const pools = new WeakMap<Db, Pool>();

/** How the PostgreSQL pool of a handle `openDb` returned is used right now; undefined on SQLite. */
export function poolUsage(db: Db): { total: number; idle: number; waiting: number; max: number } | undefined {
  const pool = pools.get(db);
  if (!pool) return undefined;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max };
}

/**
 * Opens the database: SQLite by default, PostgreSQL when a DATABASE_URL is given.
 *
 * SQLite runs in WAL mode with `synchronous = FULL`: a transaction is on disk (the WAL is
 * fsynced) before COMMIT returns, so an order answered 201 survives a crash of the process
 * and a power loss. better-sqlite3 builds SQLite with NORMAL as the WAL default, which
 * survives a process crash but may lose the last commits on power loss; an order is worth
 * the fsync. See docs/decisions/0011-durable-writes-and-a-busy-database.md.
 */
export async function openDb({
  databaseUrl,
  sqliteFile = ':memory:',
  lockWaitMs = DEFAULT_LOCK_WAIT_MS,
  onIdleConnectionError = () => {},
}: DbOptions = {}): Promise<Db> {
  const changes = new CatalogueChanges();
  const plugins = [new CamelCasePlugin(), changes];
  const opened = (db: Db) => {
    registerCatalogueChanges(db, changes);
    return db;
  };
  if (databaseUrl) {
    const { default: pg } = await import('pg');
    // 0 means "no limit" to PostgreSQL and pg; a wait must always be bounded.
    const wait = Math.max(1, lockWaitMs);
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 10,
      // A row lock held too long fails with 55P03, a full pool with a timeout: both answer 503.
      // (A new connection gets at least a second to open.)
      lock_timeout: wait,
      connectionTimeoutMillis: Math.max(wait, 1000),
    });
    pool.on('error', onIdleConnectionError);
    const db = opened(new Kysely<Database>({ dialect: new ShopPostgresDialect({ pool }), plugins }));
    pools.set(db, pool);
    return db;
  }
  if (sqliteFile !== ':memory:') fs.mkdirSync(path.dirname(sqliteFile), { recursive: true });
  const database = new SQLite(sqliteFile);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma(`busy_timeout = ${lockWaitMs}`);
  return opened(new Kysely<Database>({ dialect: new ShopSqliteDialect(database, lockWaitMs), plugins }));
}
