import { formatRupees } from '../../../contract/money.ts';
import type { AdminOffering, OfferingInput } from '../../../contract/offerings.ts';
import { findPujaForStaff } from '../../db/repositories/admin/pujas.ts';
import { findOfferingForStaff, insertOffering, updateOffering } from '../../db/repositories/offerings.ts';
import { inTransaction } from '../../db/transaction.ts';
import { audit } from '../audit.ts';
import { livePuja } from './pujas.ts';
import { notFound, retireRecord, versionedEdit, type Deps, type RecordKind } from './records.ts';

/**
 * Staff manage each puja's chadhava offerings with the puja (docs/product-rules.md, Chadhava
 * offerings; Roles and the back office): every write in one transaction with its audit row, an
 * edit or retirement conditional on the version it started from (409 with the current one).
 * A retired offering leaves the shop; the bookings that paid for it keep their copy.
 */

export async function createOffering(
  { db, actor, now }: Deps,
  pujaId: number,
  input: OfferingInput,
): Promise<AdminOffering> {
  return inTransaction(db, async (trx) => {
    const puja = (await findPujaForStaff(trx, pujaId)) ?? notFound('Puja');
    livePuja(puja);
    const id = await insertOffering(trx, pujaId, input);
    const after = (await findOfferingForStaff(trx, id))!;
    await audit(trx, actor, now, {
      action: 'offering.create',
      entity: 'offering',
      entityId: id,
      summary: `Added the offering “${input.name}” (${formatRupees(input.price)} a ${input.unit}) to the puja “${puja.pujaName}”`,
      after,
    });
    return after;
  });
}

const OFFERING: RecordKind<AdminOffering> = {
  what: 'Offering',
  entity: 'offering',
  read: findOfferingForStaff,
  name: (offering) => offering.name,
};

export function editOffering(deps: Deps, id: number, version: number, input: OfferingInput) {
  return versionedEdit(deps, OFFERING, id, version, {
    write: (trx) => updateOffering(trx, id, version, input),
    action: 'offering.update',
    summary: (_, after) => `Edited the offering “${after.name}”`,
  });
}

export function retireOffering(deps: Deps, id: number, version: number, retire: boolean) {
  return retireRecord(deps, OFFERING, 'pujaOffering', { id, version, retire });
}
