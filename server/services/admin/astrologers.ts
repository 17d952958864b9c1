import type { AdminAstrologer, AstrologerInput } from '../../../contract/admin/astrologers.ts';
import {
  findAstrologerForStaff,
  insertAstrologer,
  updateAstrologer,
} from '../../db/repositories/admin/astrologers.ts';
import { setRetired } from '../../db/repositories/admin/records.ts';
import { inTransaction } from '../../db/transaction.ts';
import { audit } from '../audit.ts';
import { changes, versionedEdit, type Deps } from './records.ts';

/** Astrologers as staff write them (docs/product-rules.md, Roles and the back office). */

export async function createAstrologer(
  { db, actor, now }: Deps,
  input: AstrologerInput,
): Promise<AdminAstrologer> {
  return inTransaction(db, async (trx) => {
    const id = await insertAstrologer(trx, input);
    const after = (await findAstrologerForStaff(trx, id))!;
    await audit(trx, actor, now, {
      action: 'astrologer.create',
      entity: 'astrologer',
      entityId: id,
      summary: `Added the astrologer “${input.name}”`,
      after,
    });
    return after;
  });
}

export function editAstrologer(
  deps: Deps,
  id: number,
  version: number,
  input: AstrologerInput,
): Promise<AdminAstrologer> {
  return versionedEdit(deps, {
    what: 'Astrologer',
    entity: 'astrologer',
    id,
    version,
    read: (trx) => findAstrologerForStaff(trx, id),
    write: (trx) => updateAstrologer(trx, id, version, input),
    action: 'astrologer.update',
    summary: (before, after) => `Edited the astrologer “${after.name}”: ${changes('astrologer', before, after)}`,
  });
}

export function retireAstrologer(
  deps: Deps,
  id: number,
  version: number,
  retire: boolean,
): Promise<AdminAstrologer> {
  return versionedEdit(deps, {
    what: 'Astrologer',
    entity: 'astrologer',
    id,
    version,
    read: (trx) => findAstrologerForStaff(trx, id),
    write: (trx) => setRetired(trx, 'astrologer', id, version, retire ? deps.now.toISOString() : null),
    action: retire ? 'astrologer.retire' : 'astrologer.restore',
    summary: (_, after) => `${retire ? 'Retired' : 'Restored'} the astrologer “${after.name}”`,
  });
}
