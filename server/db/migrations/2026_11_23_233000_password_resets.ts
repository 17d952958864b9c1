import type { Kysely } from 'kysely';

/**
 * Password-reset links (docs/product-rules.md, Sign-in, registration and tokens): one row per
 * e-mailed link. Only the SHA-256 of the link's token is kept, so the table cannot be used to
 * reset anyone's password; a link is single-use (used_at) and expires (expires_at).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('password_resets_user_id').on('password_resets').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('password_resets').execute();
}
