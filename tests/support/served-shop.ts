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

/**
 * Marks the first message about an order or a booking failed, as six refused tries leave it, in
 * the shop a browser test runs against (its scheduler delivers the outbox every 15 seconds, so a
 * message is taken while it is queued or once it was sent, never while a try holds it). Answers
 * the message's id, or null when no message could be taken yet.
 */
export function failServedMessage(
  dataDir: string,
  record: { kind: 'order' | 'booking'; id: number },
  error = '451 4.3.0 Mailbox temporarily unavailable',
): number | null {
  const db = new SQLite(path.join(dataDir, 'shop.sqlite'), { timeout: 5000 });
  try {
    const row = db
      .prepare('SELECT id FROM outbox WHERE record_kind = ? AND record_id = ? ORDER BY id LIMIT 1')
      .get(record.kind, record.id) as { id: number } | undefined;
    if (!row) return null;
    const { changes } = db
      .prepare(
        "UPDATE outbox SET status = 'failed', attempts = 6, last_error = ?, claimed_until = NULL, sent_at = NULL WHERE id = ? AND status IN ('queued', 'sent')",
      )
      .run(error, row.id);
    return changes === 1 ? row.id : null;
  } finally {
    db.close();
  }
}

/** A message's status in the shop a browser test runs against. */
export function servedMessageStatus(dataDir: string, id: number): string | undefined {
  const db = new SQLite(path.join(dataDir, 'shop.sqlite'), { timeout: 5000, readonly: true });
  try {
    return (db.prepare('SELECT status FROM outbox WHERE id = ?').get(id) as { status: string } | undefined)
      ?.status;
  } finally {
    db.close();
  }
}

/**
 * A waitlist offer's deadline passes in the shop a browser test runs against: its server keeps
 * the real clock, so the offered entry's deadline moves a minute into the past in its SQLite file.
 * The next read of the entry by its devotee (or the every-minute job) then lapses it.
 */
export function lapseServedOffer(dataDir: string, entryId: number): void {
  const db = new SQLite(path.join(dataDir, 'shop.sqlite'), { timeout: 5000 });
  try {
    const { changes } = db
      .prepare("UPDATE waitlist_entries SET offer_expires_at = ? WHERE id = ? AND status = 'offered'")
      .run(new Date(Date.now() - 60_000).toISOString(), entryId);
    if (changes !== 1) throw new Error(`Waitlist entry ${entryId} is not offered`);
  } finally {
    db.close();
  }
}
