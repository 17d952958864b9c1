import type { AdminAstrologer, AstrologerInput } from '../../../contract/admin/astrologers.ts';
import {
  findAstrologerForStaff,
  insertAstrologer,
  updateAstrologer,
} from '../../db/repositories/admin/astrologers.ts';
import { createRecord, editRecord, retireRecord, type Deps, type RecordKind } from './records.ts';

/** Astrologers as staff write them (docs/product-rules.md, Roles and the back office). */

const ASTROLOGER: RecordKind<AdminAstrologer> = {
  what: 'Astrologer',
  entity: 'astrologer',
  read: findAstrologerForStaff,
  name: (astrologer) => astrologer.name,
};

export function createAstrologer(deps: Deps, input: AstrologerInput): Promise<AdminAstrologer> {
  return createRecord(
    deps,
    ASTROLOGER,
    (trx) => insertAstrologer(trx, input),
    `Added the astrologer “${input.name}”`,
  );
}

export function editAstrologer(
  deps: Deps,
  id: number,
  version: number,
  input: AstrologerInput,
): Promise<AdminAstrologer> {
  return editRecord(deps, ASTROLOGER, id, version, (trx) => updateAstrologer(trx, id, version, input));
}

export function retireAstrologer(
  deps: Deps,
  id: number,
  version: number,
  retire: boolean,
): Promise<AdminAstrologer> {
  return retireRecord(deps, ASTROLOGER, 'astrologer', { id, version, retire });
}
