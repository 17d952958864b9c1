import type { Kysely } from 'kysely';

/**
 * A gift's recipient agreed to hear of the puja (docs/product-rules.md, Messages to customers,
 * Consent): when the buyer ticked it, the time and the words they agreed to ("Meena agreed to get
 * the puja's updates on WhatsApp"); both null otherwise. The recipient's mobile is the gift
 * address's, already on the booking.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('gift_updates_at', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('gift_updates_words', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('gift_updates_words').execute();
  await db.schema.alterTable('bookings').dropColumn('gift_updates_at').execute();
}
