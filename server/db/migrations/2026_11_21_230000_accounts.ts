import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * Customer accounts: users (e-mail stored trimmed and lower-cased, unique), their sign-in
 * sessions (one row per issued token, keyed by the token's jti; logout deletes it) and their
 * saved addresses (at most one default per user, enforced by a partial unique index).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey() : col.primaryKey().autoIncrement();
  const idType = postgres ? 'serial' : 'integer';

  await db.schema
    .createTable('users')
    .addColumn('id', idType, id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('phone', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('addresses')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('street', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`is_default in (0, 1)`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('addresses_user_id').on('addresses').column('user_id').execute();
  await db.schema
    .createIndex('addresses_one_default')
    .unique()
    .on('addresses')
    .column('user_id')
    .where(sql.ref('is_default'), '=', 1)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['addresses', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
