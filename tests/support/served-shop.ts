import path from 'node:path';
import SQLite from 'better-sqlite3';

/**
 * Moves a booking's puja time (and, with `pujaId`, that puja's) to `inMs` from now in the shop a
 * browser test runs against: its server keeps the real clock and its SQLite file in `dataDir`,
 * so days pass by moving the date, not the clock. Bookings close at the sankalp lock
 * (docs/product-rules.md, Booking window and countdowns), so a booking inside the lock, or one
 * due to be performed, is made while its puja is open and then moved. Answers the new time.
 * Tests of the app in process move it with `moveBookingTo` (tests/support/lifecycle.ts).
 */
export function moveServedBookingTo(
  dataDir: string,
  bookingId: number,
  inMs: number,
  { pujaId }: { pujaId?: number } = {},
): string {
  const at = new Date(Date.now() + inMs).toISOString();
  const db = new SQLite(path.join(dataDir, 'shop.sqlite'), { timeout: 5000 });
  try {
    if (pujaId !== undefined) db.prepare('UPDATE puja SET puja_date = ? WHERE id = ?').run(at, pujaId);
    db.prepare('UPDATE bookings SET puja_date = ? WHERE id = ?').run(at, bookingId);
  } finally {
    db.close();
  }
  return at;
}
