import { sql, type Kysely } from 'kysely';

/**
 * Uploaded photos and videos (damage claims, proof of a puja): the file lives under
 * DATA_DIR/uploads/<id>, this row says whose it is and what its bytes were sniffed to be.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('uploads')
    // upl_<random>: the id is the file's name and part of its URL, never guessable.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('content_type', 'text', (c) =>
      c
        .notNull()
        .check(sql`content_type in ('image/jpeg', 'image/png', 'image/webp', 'video/mp4', 'video/webm')`),
    )
    .addColumn('size', 'integer', (c) => c.notNull().check(sql`size > 0`))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_user_id').on('uploads').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('uploads').execute();
}
