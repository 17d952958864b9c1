import type { AdminPuja, PujaInput, RepeatPujaInput } from '../../../contract/admin/pujas.ts';
import type { Db } from '../../db/client.ts';
import { setRetired } from '../../db/repositories/admin/records.ts';
import { copyPuja, findPujaForStaff, insertPuja, updatePuja } from '../../db/repositories/admin/pujas.ts';
import { inTransaction } from '../../db/transaction.ts';
import { audit } from '../audit.ts';
import { Refusal } from '../refusal.ts';
import { catalogueMessages } from '../../../contract/admin/catalogue-fields.ts';
import { changes, notFound, versionedEdit, type Deps } from './records.ts';

/** Pujas as staff write them (docs/product-rules.md, Roles and the back office); see ./records.ts. */

const readPuja = (id: number) => (trx: Db) => findPujaForStaff(trx, id);

export async function createPuja({ db, actor, now }: Deps, input: PujaInput): Promise<AdminPuja> {
  return inTransaction(db, async (trx) => {
    const id = await insertPuja(trx, input);
    const after = (await findPujaForStaff(trx, id))!;
    await audit(trx, actor, now, {
      action: 'puja.create',
      entity: 'puja',
      entityId: id,
      summary: `Created the puja “${input.pujaName}”`,
      after,
    });
    return after;
  });
}

export function editPuja(deps: Deps, id: number, version: number, input: PujaInput): Promise<AdminPuja> {
  return versionedEdit(deps, {
    what: 'Puja',
    entity: 'puja',
    id,
    version,
    read: readPuja(id),
    write: (trx) => updatePuja(trx, id, version, input),
    action: 'puja.update',
    summary: (before, after) => `Edited the puja “${after.pujaName}”: ${changes('puja', before, after)}`,
  });
}

export function retirePuja(deps: Deps, id: number, version: number, retire: boolean): Promise<AdminPuja> {
  return versionedEdit(deps, {
    what: 'Puja',
    entity: 'puja',
    id,
    version,
    read: readPuja(id),
    write: (trx) => setRetired(trx, 'puja', id, version, retire ? deps.now.toISOString() : null),
    action: retire ? 'puja.retire' : 'puja.restore',
    summary: (_, after) => `${retire ? 'Retired' : 'Restored'} the puja “${after.pujaName}”`,
  });
}

/** "Repeat this puja on a new date": a copy with its packages, audited as a creation from the original. */
export async function repeatPuja(
  { db, actor, now }: Deps,
  id: number,
  input: RepeatPujaInput,
): Promise<AdminPuja> {
  return inTransaction(db, async (trx) => {
    const original = (await findPujaForStaff(trx, id)) ?? notFound('Puja');
    // A new date is ahead of now (docs/product-rules.md, Roles and the back office).
    if (!(Date.parse(input.pujaDate) > now.getTime()))
      throw Refusal.of('date_in_past');
    const startDate = input.startDate ?? now.toISOString();
    const copyId = (await copyPuja(trx, id, {
      pujaDate: input.pujaDate,
      startDate: startDate <= input.pujaDate ? startDate : null,
    }))!;
    const after = (await findPujaForStaff(trx, copyId))!;
    await audit(trx, actor, now, {
      action: 'puja.repeat',
      entity: 'puja',
      entityId: copyId,
      summary: `Repeated the puja “${original.pujaName}” (#${id}) on a new date with its ${original.packages.length} packages`,
      after,
    });
    return after;
  });
}

/** A retired puja takes no new packages or offerings: it is restored first. */
export const livePuja = (puja: AdminPuja) => {
  if (puja.retiredAt) throw new Refusal('retired', catalogueMessages.retired('puja'));
};
