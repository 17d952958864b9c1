import type { Kysely } from 'kysely';

/**
 * The seed's one-off steps a shop has taken, by name (docs/decisions/0078): a step that brings an
 * older demo shop up to date (its pujas' authorisations) runs once and is recorded here, so a later
 * start never runs it again over what staff changed since.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('seed_steps')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('done_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('seed_steps').execute();
}
