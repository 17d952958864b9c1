import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createApp } from '../../server/app.ts';
import { openDb, type Db } from '../../server/db/client.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { seedCatalogue } from '../../server/db/seed/seed.ts';
import { createMailer } from '../../server/mail/mailer.ts';

/**
 * Which database the server tests run on. SQLite by default (a file in a temp folder); with
 * TEST_DATABASE_URL (a PostgreSQL server these tests may create databases on, e.g.
 * postgres://postgres@127.0.0.1:5432/postgres) every test database is a fresh PostgreSQL
 * database instead. `npm run test:postgres` sets it (starting a throwaway cluster if needed),
 * and CI runs the server suite both ways (docs/decisions/0025-both-databases-in-ci.md).
 */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;
export const onPostgres = testDatabaseUrl !== undefined;
export const databaseKind: 'sqlite' | 'postgres' = onPostgres ? 'postgres' : 'sqlite';

/** A fresh, empty database of the kind under test, for one test shop or one set of server processes. */
export interface TestDatabase {
  kind: 'sqlite' | 'postgres';
  /** PostgreSQL: the database's URL. SQLite: undefined (the file is `sqliteFile`). */
  url?: string;
  /** SQLite: the file, `shop.sqlite` in the folder it was made for (as DATA_DIR). */
  sqliteFile?: string;
  /**
   * What a server process started over it needs in its environment besides DATA_DIR: on
   * PostgreSQL its DATABASE_URL and the secrets every process over one database shares.
   */
  env: Record<string, string>;
  /** Another handle on it (a second app, a second "process", a look at what is on disk). */
  open: (options?: { lockWaitMs?: number }) => Promise<Db>;
  /** Deletes it (PostgreSQL: drops the database, ending its sessions). */
  drop: () => Promise<void>;
}

let created = 0;

/** PostgreSQL database names of this test run start with this (dropped by the global teardown). */
export const testDatabasePrefix = () => `shop_test_${process.env.TEST_DATABASE_RUN ?? 'adhoc'}_`;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database: on SQLite the file `shop.sqlite` in `dir` (the folder a server would use
 * as DATA_DIR), on PostgreSQL a new database on the TEST_DATABASE_URL server.
 */
export async function createTestDatabase(dir: string): Promise<TestDatabase> {
  if (!testDatabaseUrl) {
    const sqliteFile = path.join(dir, 'shop.sqlite');
    return {
      kind: 'sqlite',
      sqliteFile,
      // Never a DATABASE_URL from the caller's environment: the server uses DATA_DIR/shop.sqlite.
      env: { DATABASE_URL: '' },
      open: ({ lockWaitMs } = {}) => openDb({ sqliteFile, lockWaitMs }),
      drop: () => Promise.resolve(fs.rmSync(sqliteFile, { force: true })),
    };
  }
  const name = `${testDatabasePrefix()}${process.pid}_${++created}_${randomBytes(3).toString('hex')}`;
  await admin((client) => client.query(`create database "${name}"`));
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    url: url.toString(),
    env: {
      DATABASE_URL: url.toString(),
      AUTH_SECRET: randomBytes(32).toString('hex'),
      PAYMENT_SECRET: randomBytes(32).toString('hex'),
    },
    open: ({ lockWaitMs } = {}) => openDb({ databaseUrl: url.toString(), lockWaitMs }),
    drop: () =>
      admin(async (client) => {
        // Pools report "ended" before their connections are gone: wait for them (a server
        // process being stopped, too), so no closing connection is killed under a client,
        // which would surface as an uncaught "terminating connection" error. Force after 5 s.
        const deadline = Date.now() + 5000;
        while (Date.now() < deadline) {
          const { rows } = await client.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          );
          if (rows[0]!.n === 0) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        await client.query(`drop database if exists "${name}" with (force)`);
      }),
  };
}

export interface TestShop {
  db: Db;
  app: ReturnType<typeof createApp>;
  /** A temp folder of the shop's own (SQLite: it holds `shop.sqlite`). */
  dir: string;
  /** The database under the shop: its kind, and a way to open a second handle on it. */
  database: TestDatabase;
  /** Where the shop's e-mails land, as .eml files. */
  outboxDir: string;
  close: () => Promise<void>;
}

/**
 * A real API app over a fresh, migrated (and by default seeded) database: a SQLite file in a
 * temp folder, or a new PostgreSQL database when TEST_DATABASE_URL is set.
 */
export async function createTestShop({
  seed = true,
  now = new Date(),
  lockWaitMs,
}: { seed?: boolean; now?: Date; lockWaitMs?: number } = {}): Promise<TestShop> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
  const database = await createTestDatabase(dir);
  const db = await database.open({ lockWaitMs });
  await migrateToLatest(db);
  if (seed) await seedCatalogue(db, now);
  const outboxDir = path.join(dir, 'outbox');
  return {
    db,
    app: createApp({ db, mailer: createMailer({ outboxDir, from: 'Shop <no-reply@shop.test>' }) }),
    dir,
    database,
    outboxDir,
    close: async () => {
      await db.destroy();
      await database.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One GET of the test shop's API, as the SPA reads it: the parsed JSON (for a test's own expectations). */
export async function getJson<T>(shop: Pick<TestShop, 'app'>, path: string): Promise<T> {
  return (await (await shop.app.request(path)).json()) as T;
}
