import { formatRupees } from '../../../contract/money.ts';
import type { AdminOffering, OfferingInput } from '../../../contract/offerings.ts';
import { findPujaForStaff } from '../../db/repositories/admin/pujas.ts';
import { findOfferingForStaff, insertOffering, updateOffering } from '../../db/repositories/offerings.ts';
import { livePuja } from './pujas.ts';
import { type Deps, notFound, type RecordKind, retireRecord, staffWrite, versionedEdit } from './records.ts';

/**
 * Staff manage each puja's chadhava offerings with the puja (docs/product-rules.md, Chadhava
 * offerings; Roles and the back office): every write in one transaction with its audit row, an
 * edit or retirement conditional on the version it started from (409 with the current one).
 * A retired offering leaves the shop; the bookings that paid for it keep their copy.
 */

export function createOffering(deps: Deps, pujaId: number, input: OfferingInput): Promise<AdminOffering> {
  return staffWrite(deps, async (trx, audited) => {
    const puja = (await findPujaForStaff(trx, pujaId)) ?? notFound('Puja');
    livePuja(puja);
    const id = await insertOffering(trx, pujaId, input);
    const after = (await findOfferingForStaff(trx, id))!;
    await audited({
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
