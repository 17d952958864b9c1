import type { AdminProduct, ProductInput } from '../../../contract/admin/products.ts';
import { catalogueMessages } from '../../../contract/admin/catalogue-fields.ts';
import { formatRupees } from '../../../contract/money.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { lockCategory } from '../../db/repositories/admin/categories.ts';
import { findProductForStaff, insertProduct, updateProduct } from '../../db/repositories/admin/products.ts';
import { Refusal } from '../refusal.ts';
import { createRecord, editRecord, retireRecord, type Deps, type RecordKind } from './records.ts';

/** Products as staff write them (docs/product-rules.md, Roles and the back office); stock is ./stock.ts's. */

const PRODUCT: RecordKind<AdminProduct> = {
  what: 'Product',
  entity: 'product',
  read: findProductForStaff,
  name: (product) => product.name,
};

/**
 * The category a product is put in (created, moved or restored): it must exist and be in the
 * shop, so no product in the shop is ever in a retired category (docs/product-rules.md, Roles and
 * the back office). Its row is held for the write, against a retirement at the same moment.
 */
async function categoryFor(db: Db, id: number, { mayBeRetired = false } = {}) {
  const category = await lockCategory(db, id);
  if (!category) throw new Refusal('not_found', catalogueMessages.categoryUnknown);
  if (category.retiredAt && !mayBeRetired) throw Refusal.of('category_retired');
}

export function createProduct(deps: Deps, input: ProductInput): Promise<AdminProduct> {
  return createRecord(
    deps,
    PRODUCT,
    async (trx) => {
      await categoryFor(trx, input.categoryId);
      return insertProduct(trx, input);
    },
    `Created the product “${input.name}” at ${formatRupees(input.offerPrice)}`,
  );
}

export function editProduct(
  deps: Deps,
  id: number,
  version: number,
  input: ProductInput,
): Promise<AdminProduct> {
  return inTransaction(deps.db, async (trx) => {
    const current = await findProductForStaff(trx, id);
    // A retired product may stay in its retired category (its text corrected); nothing moves into one.
    await categoryFor(trx, input.categoryId, {
      mayBeRetired: !!current?.retiredAt && current.categoryId === input.categoryId,
    });
    return editRecord({ ...deps, db: trx }, PRODUCT, id, version, (t) =>
      updateProduct(t, id, version, input),
    );
  });
}

export function retireProduct(
  deps: Deps,
  id: number,
  version: number,
  retire: boolean,
): Promise<AdminProduct> {
  return inTransaction(deps.db, async (trx) => {
    // Back in the shop only in a category that is in the shop.
    const current = retire ? undefined : await findProductForStaff(trx, id);
    if (current) await categoryFor(trx, current.categoryId);
    return retireRecord({ ...deps, db: trx }, PRODUCT, 'product', { id, version, retire });
  });
}
