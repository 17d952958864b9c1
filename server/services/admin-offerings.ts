import { catalogueMessages } from '../../contract/admin/catalogue-fields.ts';
import { formatRupees } from '../../contract/money.ts';
import type { AdminOffering, OfferingInput } from '../../contract/offerings.ts';
import type { Db } from '../db/client.ts';
import { findPujaForStaff } from '../db/repositories/admin-catalogue.ts';
import {
  findOfferingForStaff,
  insertOffering,
  setOfferingRetired,
  updateOffering,
} from '../db/repositories/offerings.ts';
import { inTransaction } from '../db/transaction.ts';
import { audit } from './audit.ts';
import type { Deps } from './admin-catalogue.ts';
import { EditConflict, Refusal } from './refusal.ts';

/**
 * Staff manage each puja's chadhava offerings with the puja (docs/product-rules.md, Chadhava
 * offerings; Roles and the back office): every write in one transaction with its audit row, an
 * edit or retirement conditional on the version it started from (409 with the current one).
 * A retired offering leaves the shop; the bookings that paid for it keep their copy.
 */

const notFound = (what: string): never => {
  throw new Refusal('not_found', catalogueMessages.notFound(what));
};

export async function createOffering(
  { db, actor, now }: Deps,
  pujaId: number,
  input: OfferingInput,
): Promise<AdminOffering> {
  return inTransaction(db, async (trx) => {
    const puja = (await findPujaForStaff(trx, pujaId)) ?? notFound('Puja');
    if (puja.retiredAt) throw new Refusal('retired', catalogueMessages.retired('puja'));
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

async function versioned(
  { db, actor, now }: Deps,
  id: number,
  version: number,
  write: (trx: Db) => Promise<boolean>,
  action: string,
  summary: (after: AdminOffering) => string,
): Promise<AdminOffering> {
  return inTransaction(db, async (trx) => {
    const before = (await findOfferingForStaff(trx, id)) ?? notFound('Offering');
    if (before.version !== version) throw new EditConflict(catalogueMessages.conflict, before);
    if (!(await write(trx))) throw new EditConflict(catalogueMessages.conflict, before);
    const after = (await findOfferingForStaff(trx, id))!;
    await audit(trx, actor, now, {
      action,
      entity: 'offering',
      entityId: id,
      summary: summary(after),
      before,
      after,
    });
    return after;
  });
}

export function editOffering(deps: Deps, id: number, version: number, input: OfferingInput) {
  return versioned(
    deps,
    id,
    version,
    (trx) => updateOffering(trx, id, version, input),
    'offering.update',
    (after) => `Edited the offering “${after.name}”`,
  );
}

export function retireOffering(deps: Deps, id: number, version: number, retire: boolean) {
  return versioned(
    deps,
    id,
    version,
    (trx) => setOfferingRetired(trx, id, version, retire ? deps.now.toISOString() : null),
    retire ? 'offering.retire' : 'offering.restore',
    (after) => `${retire ? 'Retired' : 'Restored'} the offering “${after.name}”`,
  );
}
