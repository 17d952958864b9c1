import { BOOKING_STATES_FREEING_PLACES } from '../../../contract/lifecycle.ts';
import type { Db } from '../client.ts';
import { countOf } from '../queries.ts';

/**
 * The bookings an account holds of a puja date (docs/product-rules.md, Places at the temple): its
 * bookings of that puja that still hold their places (not cancelled or refunded). Counted from the
 * bookings each time, under the same lock as the places (docs/decisions/0075).
 */
export async function accountBookingsOfPuja(db: Db, userId: number, pujaId: number): Promise<number> {
  return Number(
    await countOf(
      db
        .selectFrom('bookings')
        .where('userId', '=', userId)
        .where('pujaId', '=', pujaId)
        .where('status', 'not in', BOOKING_STATES_FREEING_PLACES),
    ),
  );
}
