import { sql, type Kysely } from 'kysely';

/**
 * Every user has a role (docs/product-rules.md, Roles and the back office): customer by default;
 * staff and admin are given only on the command line (`npm run admin:create`), never over HTTP.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('customer')
        .check(sql`role in ('customer', 'staff', 'admin')`),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('role').execute();
}
