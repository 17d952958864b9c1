import type { Db } from '../db/client.ts';
import { insertAuditEntry, type NewAuditEntry } from '../db/repositories/audit-log.ts';

/**
 * Every staff write leaves an audit row (docs/product-rules.md, Roles and the back office): who,
 * what, when, and the record before and after. Written inside the write's own transaction, so a
 * write and its row commit together or not at all.
 */
export interface Actor {
  id: number;
}

export function audit(
  trx: Db,
  actor: Actor,
  at: Date,
  entry: Omit<NewAuditEntry, 'userId' | 'at'>,
): Promise<void> {
  return insertAuditEntry(trx, { ...entry, userId: actor.id, at: at.toISOString() });
}
