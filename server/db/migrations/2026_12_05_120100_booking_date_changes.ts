import type { Kysely } from 'kysely';

/**
 * Moving a booking to another date of its puja (docs/product-rules.md, Rescheduling;
 * docs/decisions/0077-moving-a-booking-to-another-date.md):
 * - bookings.date_changes: how many times the customer moved it (the customer may once);
 * - bookings.date_change_refund_due: the price difference of a move to a cheaper date still
 *   waiting for the gateway's refund (null when none is waiting);
 * - payments.refunded_part: how much of a used payment was already given back in part, so a
 *   later refund of the whole booking gives back only what is left.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('bookings')
    .addColumn('date_changes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('bookings').addColumn('date_change_refund_due', 'integer').execute();
  await db.schema
    .alterTable('payments')
    .addColumn('refunded_part', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('refunded_part').execute();
  await db.schema.alterTable('bookings').dropColumn('date_change_refund_due').execute();
  await db.schema.alterTable('bookings').dropColumn('date_changes').execute();
}
