import type { AdminCategory, CategoryInput } from '../../../contract/admin/categories.ts';
import { catalogueMessages } from '../../../contract/admin/catalogue-fields.ts';
import {
  findCategoryForStaff,
  insertCategory,
  lockCategory,
  updateCategory,
} from '../../db/repositories/admin/categories.ts';
import { inTransaction } from '../../db/transaction.ts';
import { Refusal } from '../refusal.ts';
import { createRecord, editRecord, retireRecord, type Deps, type RecordKind } from './records.ts';

/** The shop's categories as staff write them (docs/product-rules.md, Roles and the back office). */

const CATEGORY: RecordKind<AdminCategory> = {
  what: 'Category',
  entity: 'category',
  read: findCategoryForStaff,
  name: (category) => category.name,
};

export function createCategory(deps: Deps, input: CategoryInput): Promise<AdminCategory> {
  return createRecord(
    deps,
    CATEGORY,
    (trx) => insertCategory(trx, input),
    `Created the category “${input.name}”`,
  );
}

export function editCategory(
  deps: Deps,
  id: number,
  version: number,
  input: CategoryInput,
): Promise<AdminCategory> {
  return editRecord(deps, CATEGORY, id, version, (trx) => updateCategory(trx, id, version, input));
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
    return retireRecord({ ...deps, db: trx }, CATEGORY, 'category', { id, version, retire }, (before) => {
      if (retire && before.productCount > 0)
        throw new Refusal(
          'category_has_products',
          catalogueMessages.categoryHasProducts(before.productCount),
        );
    });
  });
}
