import type { AdminPuja } from '../../../contract/admin/pujas.ts';
import type { AdminPackage, PackageInput } from '../../../contract/admin/packages.ts';
import { formatRupees } from '../../../contract/money.ts';
import {
  deletePackageWithoutBookings,
  findPackageRow,
  insertPackage,
  updatePackage,
} from '../../db/repositories/admin/packages.ts';
import { findPujaForStaff } from '../../db/repositories/admin/pujas.ts';
import { Refusal } from '../refusal.ts';
import { livePuja } from './pujas.ts';
import { type Deps, editRecord, notFound, type RecordKind, staffWrite } from './records.ts';

/** A puja's packages as staff write them; each answers the puja as it is after. */

export function addPackage(deps: Deps, pujaId: number, input: PackageInput): Promise<AdminPuja> {
  return staffWrite(deps, async (trx, audited) => {
    livePuja((await findPujaForStaff(trx, pujaId)) ?? notFound('Puja'));
    const id = await insertPackage(trx, pujaId, input);
    const after = (await findPujaForStaff(trx, pujaId))!;
    await audited({
      action: 'package.create',
      entity: 'package',
      entityId: id,
      summary: `Added the package “${input.title}” (${formatRupees(input.offerPrice)}) to the puja “${after.pujaName}”`,
      after: after.packages.find((p) => p.id === id),
    });
    return after;
  });
}

export async function editPackage(
  deps: Deps,
  id: number,
  version: number,
  input: PackageInput,
): Promise<AdminPuja> {
  const row = (await findPackageRow(deps.db, id)) ?? notFound('Package');
  const pkg: RecordKind<AdminPackage> = {
    what: 'Package',
    entity: 'package',
    read: async (trx, packageId) =>
      (await findPujaForStaff(trx, row.pujaId))?.packages.find((p) => p.id === packageId),
    name: (p) => p.title,
  };
  await editRecord(deps, pkg, id, version, (trx) => updatePackage(trx, id, version, input));
  return (await findPujaForStaff(deps.db, row.pujaId))!;
}

export async function removePackage(deps: Deps, id: number): Promise<AdminPuja> {
  return staffWrite(deps, async (trx, audited) => {
    const row = (await findPackageRow(trx, id)) ?? notFound('Package');
    if (!(await deletePackageWithoutBookings(trx, id))) throw Refusal.of('package_has_bookings');
    await audited({
      action: 'package.delete',
      entity: 'package',
      entityId: id,
      summary: `Deleted the package “${row.title}”`,
      before: row,
    });
    return (await findPujaForStaff(trx, row.pujaId))!;
  });
}
