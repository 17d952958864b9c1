import type { AuditEntry, AuditQuery } from '../../../contract/admin/audit.ts';
import type { Db } from '../client.ts';
import { pageOf } from '../queries.ts';

/**
 * The audit log: one row per staff write, never changed or removed (the table's triggers refuse
 * UPDATE and DELETE; this module has no function that would try). Data access only.
 */

export interface NewAuditEntry {
  userId: number;
  action: string;
  entity: string;
  entityId: string | number | null;
  summary: string;
  before?: unknown;
  after?: unknown;
  at: string;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

export async function insertAuditEntry(db: Db, entry: NewAuditEntry): Promise<void> {
  await db
    .insertInto('auditLog')
    .values({
      at: entry.at,
      userId: entry.userId,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId === null ? null : String(entry.entityId),
      summary: entry.summary,
      before: json(entry.before),
      after: json(entry.after),
    })
    .execute();
}

const parsed = (text: string | null) =>
  text === null ? null : (JSON.parse(text) as Record<string, unknown>);

/** Newest first, filtered by what was written and by whom; with the total the filter matches. */
export async function listAuditEntries(
  db: Db,
  query: AuditQuery,
): Promise<{ entries: AuditEntry[]; total: number }> {
  let filtered = db.selectFrom('auditLog').innerJoin('users', 'users.id', 'auditLog.userId');
  if (query.entity) filtered = filtered.where('auditLog.entity', '=', query.entity);
  if (query.entityId) filtered = filtered.where('auditLog.entityId', '=', query.entityId);
  if (query.userId !== undefined) filtered = filtered.where('auditLog.userId', '=', query.userId);
  const { rows, total } = await pageOf(filtered, query, (q) =>
    q
      .select([
        'auditLog.id',
        'auditLog.at',
        'auditLog.userId',
        'users.name as userName',
        'auditLog.action',
        'auditLog.entity',
        'auditLog.entityId',
        'auditLog.summary',
        'auditLog.before',
        'auditLog.after',
      ])
      .orderBy('auditLog.id', 'desc'),
  );
  return {
    entries: rows.map((row) => ({ ...row, before: parsed(row.before), after: parsed(row.after) })),
    total,
  };
}
