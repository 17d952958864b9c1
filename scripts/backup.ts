/**
 * `npm run backup`: a consistent copy of the shop's database while the shop keeps running.
 *
 *   npm run backup                        DATA_DIR/backups/shop-<time>.sqlite (or .dump on PostgreSQL)
 *   npm run backup -- --out /backups/shop.sqlite
 *
 * SQLite (the default): better-sqlite3's online backup API copies the live file page by page
 * through its own connection; the shop's processes keep reading and writing, and the copy is
 * the database as it was at one moment (SQLite restarts the copy if a write lands in the
 * middle). The copy is then checked with `pragma integrity_check`.
 * PostgreSQL (DATABASE_URL set): `pg_dump --format=custom`, one consistent snapshot; restore it
 * with `pg_restore --dbname <url> <file>`. Debian's pg_dump picks the server's version.
 *
 * The signing secrets are not in the database: keep AUTH_SECRET and PAYMENT_SECRET (or the
 * DATA_DIR files auth-secret and payment-secret) with the backups, or restored sign-ins and
 * captured payments will not verify. See README.md, "Backups".
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { readServerConfig } from '../server/config.ts';

const { values: args } = parseArgs({ options: { out: { type: 'string' } } });
const config = readServerConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = path.resolve(
  args.out ?? path.join(config.dataDir, 'backups', `shop-${stamp}.${config.databaseUrl ? 'dump' : 'sqlite'}`),
);
fs.mkdirSync(path.dirname(out), { recursive: true });
if (fs.existsSync(out)) {
  console.error(`${out} exists already; choose another --out`);
  process.exit(2);
}

const started = performance.now();
if (config.databaseUrl) {
  // Never put the URL (it may hold a password) on the command line: pg_dump reads it from the environment.
  const url = new URL(config.databaseUrl);
  const env = {
    ...process.env,
    PGHOST: url.hostname,
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username),
    PGPASSWORD: decodeURIComponent(url.password),
    PGDATABASE: decodeURIComponent(url.pathname.slice(1)),
  };
  execFileSync('pg_dump', ['--format=custom', '--no-owner', '--file', out], { env, stdio: 'inherit' });
  const tables = execFileSync('pg_restore', ['--list', out], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => / TABLE DATA /.test(line)).length;
  console.log(`Backed up PostgreSQL database ${env.PGDATABASE} (${tables} tables) to ${out}`);
} else {
  if (!fs.existsSync(config.sqliteFile)) {
    console.error(`No database at ${config.sqliteFile} (DATA_DIR=${config.dataDir})`);
    process.exit(1);
  }
  const live = new SQLite(config.sqliteFile, { fileMustExist: true });
  live.pragma('busy_timeout = 10000');
  try {
    await live.backup(out);
  } finally {
    live.close();
  }
  const copy = new SQLite(out);
  try {
    const check = copy.pragma('integrity_check', { simple: true }) as string;
    if (check !== 'ok') throw new Error(`The copy failed its integrity check: ${check}`);
    const { n } = copy.prepare('select count(*) as n from orders').get() as { n: number };
    console.log(
      `Backed up ${config.sqliteFile} to ${out} (${fs.statSync(out).size} bytes, ${n} orders, integrity ok)`,
    );
  } finally {
    copy.close();
  }
}
console.log(`in ${Math.round(performance.now() - started)} ms`);
