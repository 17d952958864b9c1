import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './types.ts';

export type Db = Kysely<Database>;

export interface DbOptions {
  /** A postgres:// URL selects PostgreSQL; otherwise SQLite in `sqliteFile`. */
  databaseUrl?: string;
  sqliteFile?: string;
}

/** Opens the database: SQLite by default, PostgreSQL when a DATABASE_URL is given. */
export async function openDb({ databaseUrl, sqliteFile = ':memory:' }: DbOptions = {}): Promise<Db> {
  const plugins = [new CamelCasePlugin()];
  if (databaseUrl) {
    const { default: pg } = await import('pg');
    return new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 10 }) }),
      plugins,
    });
  }
  if (sqliteFile !== ':memory:') fs.mkdirSync(path.dirname(sqliteFile), { recursive: true });
  const database = new SQLite(sqliteFile);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database }), plugins });
}
