import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * The transactional outbox (docs/decisions/0071-messages-through-a-transactional-outbox.md): a
 * step that tells the customer something writes its message here in the step's own
 * transaction; the scheduler's `messages.deliver` job sends it later, once, with its key.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey() : col.primaryKey().autoIncrement();
  await db.schema
    .createTable('outbox')
    .addColumn('id', postgres ? 'serial' : 'integer', id)
    // The idempotency key: unique here, and the provider sees it (the e-mail's Message-ID).
    .addColumn('message_key', 'text', (c) => c.notNull().unique())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'whatsapp')`))
    .addColumn('template', 'text', (c) => c.notNull())
    // The template's facts as JSON; the words are rendered when it is sent (server/messages/templates.ts).
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('record_kind', 'text', (c) => c.check(sql`record_kind in ('order', 'booking')`))
    .addColumn('record_id', 'integer')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('queued')
        .check(sql`status in ('queued', 'sending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    // While `sending`: until when this try holds it; a process that died mid-send loses it then.
    .addColumn('claimed_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('outbox_record').on('outbox').columns(['record_kind', 'record_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
}
