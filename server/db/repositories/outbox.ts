import type { Db } from '../client.ts';
import type { NewOutboxRow, OutboxRow } from '../types.ts';
import { countOf, rowsWhere } from '../queries.ts';

/**
 * The outbox (server/messages/; docs/decisions/0071): data access only. A message is written in
 * the transaction of the step that causes it, once per key; a try claims it with ONE
 * conditional UPDATE, so two processes never both send it.
 */

/**
 * Writes the message unless one with its key is there already (a step retried writes it once):
 * true when this call wrote it.
 */
export async function insertMessage(db: Db, message: NewOutboxRow): Promise<boolean> {
  const result = await db
    .insertInto('outbox')
    .values(message)
    .onConflict((oc) => oc.column('messageKey').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Messages due for a try at `now`: queued and due, or held by a try whose claim ran out. */
export function findDueMessages(db: Db, now: string, limit: number): Promise<OutboxRow[]> {
  return db
    .selectFrom('outbox')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('nextAttemptAt', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('claimedUntil', '<=', now)]),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Claims one try of the message as it was read (`status` and `attempts`): true when this call
 * got it. The try counts at once, so a process that dies mid-send has used it up.
 */
export async function claimMessage(
  db: Db,
  message: Pick<OutboxRow, 'id' | 'status' | 'attempts'>,
  claimedUntil: string,
): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('outbox')
    .set({ status: 'sending', attempts: message.attempts + 1, claimedUntil })
    .where('id', '=', message.id)
    .where('status', '=', message.status)
    .where('attempts', '=', message.attempts)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** Ends the try that holds the message (`attempts` is its count): sent, queued again, or failed. */
export async function finishMessage(
  db: Db,
  id: number,
  attempts: number,
  outcome:
    | { status: 'sent'; at: string }
    | { status: 'queued'; nextAttemptAt: string; error: string }
    | { status: 'failed'; error: string },
): Promise<void> {
  await db
    .updateTable('outbox')
    .set(
      outcome.status === 'sent'
        ? { status: 'sent', sentAt: outcome.at, claimedUntil: null, lastError: null }
        : outcome.status === 'queued'
          ? {
              status: 'queued',
              nextAttemptAt: outcome.nextAttemptAt,
              claimedUntil: null,
              lastError: outcome.error,
            }
          : { status: 'failed', claimedUntil: null, lastError: outcome.error },
    )
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .where('attempts', '=', attempts)
    .execute();
}

/** The message with this key, if it is there. */
export function findMessageByKey(db: Db, messageKey: string): Promise<OutboxRow | undefined> {
  return db.selectFrom('outbox').selectAll().where('messageKey', '=', messageKey).executeTakeFirst();
}

/** Replaces a sent message's facts (an account e-mail's link opens the account: it is not kept). */
export async function forgetMessageFacts(db: Db, id: number, params: string): Promise<void> {
  await db.updateTable('outbox').set({ params }).where('id', '=', id).where('status', '=', 'sent').execute();
}

/** The messages about one order or booking, oldest first. */
export function listMessagesFor(db: Db, kind: 'order' | 'booking', recordId: number): Promise<OutboxRow[]> {
  return rowsWhere(db, 'outbox', { recordKind: kind, recordId }, 'id');
}

/** The newest messages (of one status, when given), for the back office. */
export function listMessages(
  db: Db,
  status: OutboxRow['status'] | undefined,
  limit = 200,
): Promise<OutboxRow[]> {
  let query = db.selectFrom('outbox').selectAll();
  if (status) query = query.where('status', '=', status);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

/** One page of the messages of one status (or all), newest first, with how many of each status there are. */
export async function listMessagePage(
  db: Db,
  status: OutboxRow['status'] | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: OutboxRow[]; counts: Partial<Record<OutboxRow['status'], number>> }> {
  let query = db.selectFrom('outbox').selectAll();
  if (status) query = query.where('status', '=', status);
  const rows = await query.orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
  const byStatus = await db
    .selectFrom('outbox')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  return { rows, counts: Object.fromEntries(byStatus.map(({ status: s, n }) => [s, Number(n)])) };
}

export function findMessage(db: Db, id: number): Promise<OutboxRow | undefined> {
  return db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A failed message queued again from its first try, due at `now`: false when it is not failed. */
export async function requeueFailedMessage(db: Db, id: number, now: string): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('outbox')
    .set({ status: 'queued', attempts: 0, nextAttemptAt: now, claimedUntil: null })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** How many messages are failed, for Today. */
export async function countFailedMessages(db: Db): Promise<number> {
  return countOf(db.selectFrom('outbox').where('status', '=', 'failed'));
}

/** One customer's own messages, newest first (their account's Messages section). */
export function listMessagesOfUser(db: Db, userId: number, limit: number): Promise<OutboxRow[]> {
  return db
    .selectFrom('outbox')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
