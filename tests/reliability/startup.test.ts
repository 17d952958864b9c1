/**
 * Migrations and the demo seeding run once when several API processes start together on one
 * database (docs/decisions/0026-migrations-and-seeding-run-once.md): on SQLite and PostgreSQL,
 * processes starting at once on an empty database wait for the migration lock and the seed
 * lock, and the shop comes up migrated and seeded exactly once.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest, migrationNames, pendingMigrations } from '../../server/db/migrate.ts';
import { MIGRATION_LOCK_KEY, SEED_LOCK_KEY } from '../../server/db/migration-lock.ts';
import { pujaRepeats, pujas as seedPujas } from '../../server/db/seed/catalogue-data.ts';

/** The demo pujas and their later dates, one record each. */
const seededPujas = seedPujas.length + pujaRepeats.length;
import { startApiServer, type ApiServer } from '../support/api-server.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';
import { holdSqliteWriteLock, numberOf } from './helpers.ts';

let dataDir: string;
let database: TestDatabase;
const servers: ApiServer[] = [];

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-startup-'));
  database = await createTestDatabase(dataDir);
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Starts `count` API processes on the one database at the same moment; resolves when all are ready. */
function startTogether(count: number) {
  let ready = 0;
  const started = Promise.all(
    Array.from({ length: count }, () =>
      startApiServer({ dataDir, database, timeoutMs: 60_000 }).then((server) => {
        servers.push(server);
        ready++;
        return server;
      }),
    ),
  );
  return { started, ready: () => ready };
}

/** The JSON log lines of a server process with this message. */
const logged = (server: ApiServer, msg: RegExp) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg?: string })
    .filter((line) => line.msg !== undefined && msg.test(line.msg));

/** What the processes left in the database: migrations run and pujas seeded. */
async function stored() {
  const db = await database.open();
  try {
    return {
      migrations: await numberOf(db, sql`select count(*) as n from kysely_migration`),
      pujas: await numberOf(db, sql`select count(*) as n from puja`),
    };
  } finally {
    await db.destroy();
  }
}

/** Resolves once `condition` holds (checked every 100 ms), failing after `timeoutMs`. */
async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Resolves once both processes are waiting for the lock: on PostgreSQL, two advisory lock
 * requests not granted; on SQLite, the Migrator's own table exists (it is made just before the
 * lock is asked for), plus a second for the other process.
 */
async function bothWaiting() {
  const db = await database.open();
  try {
    if (database.url)
      await until(
        async () =>
          (await numberOf(
            db,
            sql`select count(*) as n from pg_locks where locktype = 'advisory' and not granted`,
          )) === 2,
        'both processes wait for the lock',
      );
    else {
      await until(
        async () =>
          (await numberOf(
            db,
            sql`select count(*) as n from sqlite_master where name = 'kysely_migration'`,
          )) === 1,
        'a process reaches the migration lock',
      );
      await new Promise((r) => setTimeout(r, 1000));
    }
  } finally {
    await db.destroy();
  }
}

/** Holds a lock the way another process would, until `release`. */
async function hold(lock: 'migration' | 'seed') {
  if (database.url) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const key = lock === 'migration' ? MIGRATION_LOCK_KEY : SEED_LOCK_KEY;
    await client.query(`select pg_advisory_lock(${key})`);
    return { release: () => client.end() };
  }
  const file = new SQLite(database.sqliteFile);
  if (lock === 'migration') {
    // Kysely's lock row, holding a lease that has not ended: another process is migrating.
    file.exec(
      'create table if not exists kysely_migration_lock (id varchar(255) not null primary key, is_locked integer not null default 0)',
    );
    file
      .prepare("insert into kysely_migration_lock (id, is_locked) values ('migration_lock', ?)")
      .run(Date.now() + 600_000);
    return {
      release: () => {
        file.prepare("update kysely_migration_lock set is_locked = 0 where id = 'migration_lock'").run();
        file.close();
        return Promise.resolve();
      },
    };
  }
  // Seeding takes SQLite's write lock up front: holding it keeps every process from seeding.
  return holdSqliteWriteLock(file);
}

it('migrates and seeds once when two processes start at the same moment on an empty database', async () => {
  const [first, second] = await startTogether(2).started;
  expect(await stored()).toEqual({ migrations: migrationNames.length, pujas: seededPujas });
  expect([
    ...logged(first!, /^Applied \d+ migrations$/),
    ...logged(second!, /^Applied \d+ migrations$/),
  ]).toHaveLength(1);
  expect([...logged(first!, /^Seeded/), ...logged(second!, /^Seeded/)]).toHaveLength(1);
  // Both serve the one shop.
  for (const server of [first!, second!]) {
    const res = await fetch(`${server.url}/pujas`);
    expect(((await res.json()) as { pujas: unknown[] }).pujas).toHaveLength(seededPujas);
  }
});

it('keeps every process from migrating while another holds the migration lock, then migrates once', async () => {
  const lock = await hold('migration');
  const start = startTogether(2);
  await bothWaiting();
  let released = false;
  try {
    // Both processes are up but wait for the lock: nothing migrated, neither ready.
    expect(start.ready()).toBe(0);
    const db = await database.open();
    try {
      expect(await pendingMigrations(db)).toEqual(migrationNames);
    } finally {
      await db.destroy();
    }
    await lock.release();
    released = true;
    const [first, second] = await start.started;
    expect(await stored()).toEqual({ migrations: migrationNames.length, pujas: seededPujas });
    const applied = [...logged(first!, /^Applied/), ...logged(second!, /^Applied/)];
    expect(applied).toEqual([
      expect.objectContaining({ msg: `Applied ${migrationNames.length} migrations` }),
    ]);
  } finally {
    if (!released) await lock.release();
    await start.started.catch(() => undefined);
  }
}, 90_000);

it('keeps every process from seeding while another holds the seed lock, then seeds once', async () => {
  const db = await database.open();
  await migrateToLatest(db);
  await db.destroy();
  const lock = await hold('seed');
  const start = startTogether(2);
  // PostgreSQL: both wait for the seed lock. SQLite: the held write lock stops them before
  // seeding (their migration lease needs it too); the test above races them freely.
  if (database.url) await bothWaiting();
  else await new Promise((r) => setTimeout(r, 2000));
  let released = false;
  try {
    expect(start.ready()).toBe(0);
    expect((await stored()).pujas).toBe(0);
    await lock.release();
    released = true;
    const [first, second] = await start.started;
    expect(await stored()).toEqual({ migrations: migrationNames.length, pujas: seededPujas });
    expect([...logged(first!, /^Seeded/), ...logged(second!, /^Seeded/)]).toHaveLength(1);
  } finally {
    if (!released) await lock.release();
    await start.started.catch(() => undefined);
  }
}, 90_000);

it('refuses to start on PostgreSQL without AUTH_SECRET and PAYMENT_SECRET from the environment, naming the missing one', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..', '..'),
    env: {
      ...process.env,
      // Never reached: the check comes before the database is opened.
      DATABASE_URL: 'postgres://shop@127.0.0.1:1/shop',
      AUTH_SECRET: '',
      PAYMENT_SECRET: 'p'.repeat(40),
      DATA_DIR: dataDir,
      SERVE_SPA: '0',
      PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code).toBe(1);
  const line = JSON.parse(output.trim().split('\n').at(-1)!) as { level: number; msg: string };
  expect(line.level).toBe(60);
  expect(line.msg).toMatch(/^On PostgreSQL every API process must share its secrets: set AUTH_SECRET \(/);
  expect(line.msg).not.toContain('PAYMENT_SECRET');
});
