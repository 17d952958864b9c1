import { catalogueMessages } from '../../../contract/admin/catalogue-fields.ts';
import { fieldLabel } from '../../../contract/field-labels.ts';
import type { Db } from '../../db/client.ts';
import { setRetired, type RetiringTable } from '../../db/repositories/admin/records.ts';
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

type AuditEntry = Parameters<typeof audit>[3];

/** Runs a staff write in one transaction, where `audited` writes its audit row (who, when). */
export function staffWrite<T>(
  { db, actor, now }: Deps,
  write: (trx: Db, audited: (entry: AuditEntry) => Promise<void>) => Promise<T>,
): Promise<T> {
  return inTransaction(db, (trx) => write(trx, (entry) => audit(trx, actor, now, entry)));
}

export const notFound = (what: string): never => {
  throw new Refusal('not_found', catalogueMessages.notFound(what));
};

/** A kind of record staff write: its name in messages ("Puja not found") and the audit log, how it is read. */
export interface RecordKind<T> {
  what: string;
  entity: string;
  read: (db: Db, id: number) => Promise<T | undefined>;
  /** How the audit log's summaries name one: “Rudrabhishek”. */
  name: (record: T) => string;
}

/** Creates a record in one transaction with its audit row (`insert` may refuse first). */
export function createRecord<T>(
  deps: Deps,
  kind: RecordKind<T>,
  insert: (trx: Db) => Promise<number>,
  summary: string,
): Promise<T> {
  return staffWrite(deps, async (trx, audited) => {
    const id = await insert(trx);
    const after = (await kind.read(trx, id))!;
    await audited({
      action: `${kind.entity}.create`,
      entity: kind.entity,
      entityId: id,
      summary,
      after,
    });
    return after;
  });
}

/**
 * The versioned edit every record shares: read it, refuse an older version with what is there
 * now, update on the version, read it again and keep both in the audit row.
 */
export function versionedEdit<T extends { version: number }>(
  deps: Deps,
  kind: RecordKind<T>,
  id: number,
  version: number,
  {
    write,
    action,
    summary,
    check,
  }: {
    write: (trx: Db) => Promise<boolean>;
    action: string;
    summary: (before: T, after: T) => string;
    check?: (before: T) => void;
  },
): Promise<T> {
  const read = (trx: Db) => kind.read(trx, id);
  return staffWrite(deps, async (trx, audited) => {
    const before = (await read(trx)) ?? notFound(kind.what);
    if (before.version !== version) throw new EditConflict(catalogueMessages.conflict, before);
    check?.(before);
    if (!(await write(trx))) throw new EditConflict(catalogueMessages.conflict, (await read(trx)) ?? before);
    const after = (await read(trx))!;
    await audited({
      action,
      entity: kind.entity,
      entityId: id,
      summary: summary(before, after),
      before,
      after,
    });
    return after;
  });
}

/** An edit of a catalogue record's fields, its summary naming what changed. */
export function editRecord<T extends { version: number }>(
  deps: Deps,
  kind: RecordKind<T>,
  id: number,
  version: number,
  write: (trx: Db) => Promise<boolean>,
): Promise<T> {
  return versionedEdit(deps, kind, id, version, {
    write,
    action: `${kind.entity}.update`,
    summary: (before, after) =>
      `Edited the ${kind.entity} “${kind.name(after)}”: ${changes(kind.entity, before, after)}`,
  });
}

/** Retires a record (out of the shop) or restores it, on its version; `check` may refuse first. */
export function retireRecord<T extends { version: number }>(
  deps: Deps,
  kind: RecordKind<T>,
  table: RetiringTable,
  { id, version, retire }: { id: number; version: number; retire: boolean },
  check?: (before: T) => void,
): Promise<T> {
  return versionedEdit(deps, kind, id, version, {
    write: (trx) => setRetired(trx, table, id, version, retire ? deps.now.toISOString() : null),
    action: `${kind.entity}.${retire ? 'retire' : 'restore'}`,
    summary: (_, after) => `${retire ? 'Retired' : 'Restored'} the ${kind.entity} “${kind.name(after)}”`,
    check,
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
