import type { AdminCategory, CategoryInput } from '../../../contract/admin/categories.ts';
import { catalogueMessages } from '../../../contract/admin/catalogue-fields.ts';
import {
  findCategoryForStaff,
  insertCategory,
  lockCategory,
  updateCategory,
} from '../../db/repositories/admin/categories.ts';
import { setRetired } from '../../db/repositories/admin/records.ts';
import { inTransaction } from '../../db/transaction.ts';
import { audit } from '../audit.ts';
import { Refusal } from '../refusal.ts';
import { changes, versionedEdit, type Deps } from './records.ts';

/** The shop's categories as staff write them (docs/product-rules.md, Roles and the back office). */

export async function createCategory({ db, actor, now }: Deps, input: CategoryInput): Promise<AdminCategory> {
  return inTransaction(db, async (trx) => {
    const id = await insertCategory(trx, input);
    const after = (await findCategoryForStaff(trx, id))!;
    await audit(trx, actor, now, {
      action: 'category.create',
      entity: 'category',
      entityId: id,
      summary: `Created the category “${input.name}”`,
      after,
    });
    return after;
  });
}

export function editCategory(
  deps: Deps,
  id: number,
  version: number,
  input: CategoryInput,
): Promise<AdminCategory> {
  return versionedEdit(deps, {
    what: 'Category',
    entity: 'category',
    id,
    version,
    read: (trx) => findCategoryForStaff(trx, id),
    write: (trx) => updateCategory(trx, id, version, input),
    action: 'category.update',
    summary: (before, after) => `Edited the category “${after.name}”: ${changes('category', before, after)}`,
  });
}

/**
 * Retires a category (out of the shop's list) or restores it. Only a category with none of its
 * products in the shop may be retired: its products are moved or retired first, so a product in
 * the shop never sits in a retired category (docs/product-rules.md, Roles and the back office).
 */
export function retireCategory(
  deps: Deps,
  id: number,
  version: number,
  retire: boolean,
): Promise<AdminCategory> {
  return inTransaction(deps.db, async (trx) => {
    // Held first: a product write into this category waits, then sees it retired.
    await lockCategory(trx, id);
    return versionedEdit(
      { ...deps, db: trx },
      {
        what: 'Category',
        entity: 'category',
        id,
        version,
        read: (t) => findCategoryForStaff(t, id),
        write: (t) => setRetired(t, 'category', id, version, retire ? deps.now.toISOString() : null),
        action: retire ? 'category.retire' : 'category.restore',
        summary: (_, after) => `${retire ? 'Retired' : 'Restored'} the category “${after.name}”`,
        check: (before) => {
          if (retire && before.productCount > 0)
            throw new Refusal(
              'category_has_products',
              catalogueMessages.categoryHasProducts(before.productCount),
            );
        },
      },
    );
  });
}
