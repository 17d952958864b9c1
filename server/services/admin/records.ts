import { catalogueMessages } from '../../../contract/admin/catalogue-fields.ts';
import { fieldLabel } from '../../../contract/field-labels.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { audit, type Actor } from '../audit.ts';
import { EditConflict, Refusal } from '../refusal.ts';

/**
 * What the rules for staff writes share (docs/product-rules.md, Roles and the back office).
 * Every write runs in one transaction with its audit row. An edit names the version it started
 * from: the UPDATE is conditional on it, and a save from an older version is refused with the
 * record as it is now (EditConflict), so nothing is overwritten unseen
 * (docs/decisions/0034-edits-carry-the-version-they-started-from.md).
 */

export interface Deps {
  db: Db;
  actor: Actor;
  now: Date;
}

export const notFound = (what: string): never => {
  throw new Refusal('not_found', catalogueMessages.notFound(what));
};

/**
 * The versioned edit every record shares: read it, refuse an older version with what is there
 * now, update on the version, read it again and keep both in the audit row.
 */
export async function versionedEdit<T extends { version: number }>(
  { db, actor, now }: Deps,
  {
    what,
    entity,
    id,
    version,
    read,
    write,
    action,
    summary,
    check,
  }: {
    what: string;
    entity: string;
    id: number;
    version: number;
    read: (trx: Db) => Promise<T | undefined>;
    write: (trx: Db) => Promise<boolean>;
    action: string;
    summary: (before: T, after: T) => string;
    check?: (before: T) => void;
  },
): Promise<T> {
  return inTransaction(db, async (trx) => {
    const before = (await read(trx)) ?? notFound(what);
    if (before.version !== version) throw new EditConflict(catalogueMessages.conflict, before);
    check?.(before);
    if (!(await write(trx))) throw new EditConflict(catalogueMessages.conflict, (await read(trx)) ?? before);
    const after = (await read(trx))!;
    await audit(trx, actor, now, {
      action,
      entity,
      entityId: id,
      summary: summary(before, after),
      before,
      after,
    });
    return after;
  });
}

/** The fields whose values differ, for an audit row's summary ("price, offer price"). */
function changedFields(before: object, after: object, skip: string[] = ['version', 'ledger', 'packages']) {
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  return Object.keys(b).filter(
    (key) => !skip.includes(key) && JSON.stringify(a[key]) !== JSON.stringify(b[key]),
  );
}
/** The changed fields in the form's words (contract/field-labels.ts): "Price (₹), Offer price (₹)". */
export const changes = (entity: string, before: object, after: object) => {
  const fields = changedFields(before, after);
  return fields.length ? fields.map((field) => fieldLabel(entity, field)).join(', ') : 'nothing';
};
