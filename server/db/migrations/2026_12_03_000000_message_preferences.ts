import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * What each customer agreed to hear, and by which channel (docs/product-rules.md, Messages to
 * customers): e-mail about their own orders and bookings is on until they switch it off;
 * WhatsApp is off until they tick "Send me updates on WhatsApp". Every consent given or
 * withdrawn is kept with the words shown and when, as India's DPDP Act asks.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey() : col.primaryKey().autoIncrement();
  await db.schema
    .createTable('message_preferences')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('email_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    // The mobile in E.164 ("+919845012345") while WhatsApp is consented to; null otherwise.
    .addColumn('whatsapp_mobile', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('message_consents')
    .addColumn('id', postgres ? 'serial' : 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'whatsapp')`))
    .addColumn('granted', 'integer', (c) => c.notNull())
    // The words the customer saw when they ticked or switched off, exactly.
    .addColumn('words', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('message_consents_user').on('message_consents').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('message_consents').execute();
  await db.schema.dropTable('message_preferences').execute();
}
