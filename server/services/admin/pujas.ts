import type { AdminPuja, PujaInput, RepeatPujaInput } from '../../../contract/admin/pujas.ts';
import { copyPuja, findPujaForStaff, insertPuja, updatePuja } from '../../db/repositories/admin/pujas.ts';
import { Refusal } from '../refusal.ts';
import { moveLineOn } from '../waitlist.ts';
import { catalogueMessages } from '../../../contract/admin/catalogue-fields.ts';
import { IMAGE_TYPES, lifecycleMessages } from '../../../contract/lifecycle.ts';
import type { Db } from '../../db/client.ts';
import { findUpload } from '../../db/repositories/uploads.ts';
import {
  createRecord,
  type Deps,
  editRecord,
  notFound,
  type RecordKind,
  retireRecord,
  staffWrite,
} from './records.ts';

/** Pujas as staff write them (docs/product-rules.md, Roles and the back office); see ./records.ts. */

/** A puja as the audit log and the messages name it. */
export const PUJA: RecordKind<AdminPuja> = {
  what: 'Puja',
  entity: 'puja',
  read: findPujaForStaff,
  name: (puja) => puja.pujaName,
};

/**
 * The photo of the temple's letter, when given, is a photo this shop's uploads hold (sniffed and
 * limited there, served only as the image it is): docs/product-rules.md, The temple's authorisation.
 */
async function checkAuthorisationImage(db: Db, { authorisationImageId: id }: PujaInput): Promise<void> {
  if (id === null) return;
  const upload = await findUpload(db, id);
  if (!upload) throw Refusal.of('upload_not_found');
  if (!(IMAGE_TYPES as readonly string[]).includes(upload.contentType))
    throw new Refusal('upload_not_image', lifecycleMessages.notAnImage);
}

export function createPuja(deps: Deps, input: PujaInput): Promise<AdminPuja> {
  return createRecord(
    deps,
    PUJA,
    async (trx) => {
      await checkAuthorisationImage(trx, input);
      return insertPuja(trx, input);
    },
    `Created the puja “${input.pujaName}”`,
  );
}

export async function editPuja(deps: Deps, id: number, version: number, input: PujaInput): Promise<AdminPuja> {
  const puja = await editRecord(deps, PUJA, id, version, async (trx) => {
    await checkAuthorisationImage(trx, input);
    return updatePuja(trx, id, version, input);
  });
  // Raised capacity (or a new date) may free places: the date's waitlist moves on (docs/product-rules.md, Waitlist).
  await moveLineOn({ db: deps.db, now: () => deps.now }, id);
  return puja;
}

export function retirePuja(deps: Deps, id: number, version: number, retire: boolean): Promise<AdminPuja> {
  return retireRecord(deps, PUJA, 'puja', { id, version, retire });
}

/** "Repeat this puja on a new date": a copy with its packages, audited as a creation from the original. */
export function repeatPuja(deps: Deps, id: number, input: RepeatPujaInput): Promise<AdminPuja> {
  return staffWrite(deps, async (trx, audited) => {
    const original = (await findPujaForStaff(trx, id)) ?? notFound('Puja');
    // A new date is ahead of now (docs/product-rules.md, Roles and the back office).
    if (!(Date.parse(input.pujaDate) > deps.now.getTime())) throw Refusal.of('date_in_past');
    const startDate = input.startDate ?? deps.now.toISOString();
    const copyId = (await copyPuja(trx, id, {
      pujaDate: input.pujaDate,
      startDate: startDate <= input.pujaDate ? startDate : null,
    }))!;
    const after = (await findPujaForStaff(trx, copyId))!;
    await audited({
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
