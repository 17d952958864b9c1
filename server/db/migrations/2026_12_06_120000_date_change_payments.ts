import type { Kysely } from 'kysely';

/**
 * Paying the difference of a dearer date (docs/product-rules.md, Rescheduling;
 * docs/decisions/0077-moving-a-booking-to-another-date.md):
 * - payments.date_change_booking_id, payments.date_change_puja_id: a payment made for moving
 *   this booking to this date (its difference); null for a payment of an order or a new
 *   booking. Such a payment's purpose is "dateChange" (its stored `purpose` stays 'booking', as
 *   the column's check allows, and the move's columns tell the two apart);
 * - bookings.date_change_payment_id: the difference paid for the booking's move, given back
 *   with the rest when the booking is refunded.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('date_change_booking_id', 'integer', (c) => c.references('bookings.id'))
    .execute();
  await db.schema.alterTable('payments').addColumn('date_change_puja_id', 'integer').execute();
  await db.schema
    .alterTable('bookings')
    .addColumn('date_change_payment_id', 'text', (c) => c.references('payments.id'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('date_change_payment_id').execute();
  await db.schema.alterTable('payments').dropColumn('date_change_puja_id').execute();
  await db.schema.alterTable('payments').dropColumn('date_change_booking_id').execute();
}
