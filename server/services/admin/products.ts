import type { AdminProduct, ProductInput } from '../../../contract/admin/products.ts';
import { catalogueMessages } from '../../../contract/admin/catalogue-fields.ts';
import { formatRupees } from '../../../contract/money.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { audit } from '../audit.ts';
import { lockCategory } from '../../db/repositories/admin/categories.ts';
import { findProductForStaff, insertProduct, updateProduct } from '../../db/repositories/admin/products.ts';
import { setRetired } from '../../db/repositories/admin/records.ts';
import { Refusal } from '../refusal.ts';
import { changes, versionedEdit, type Deps } from './records.ts';

/** Products as staff write them (docs/product-rules.md, Roles and the back office); stock is ./stock.ts's. */

const readProduct = (id: number) => (trx: Db) => findProductForStaff(trx, id);

/**
 * The category a product is put in (created, moved or restored): it must exist and be in the
 * shop, so no product in the shop is ever in a retired category (docs/product-rules.md, Roles and
 * the back office). Its row is held for the write, against a retirement at the same moment.
 */
async function categoryFor(db: Db, id: number, { mayBeRetired = false } = {}) {
  const category = await lockCategory(db, id);
  if (!category) throw new Refusal('not_found', catalogueMessages.categoryUnknown);
  if (category.retiredAt && !mayBeRetired)
    throw Refusal.of('category_retired');
}

export async function createProduct({ db, actor, now }: Deps, input: ProductInput): Promise<AdminProduct> {
  return inTransaction(db, async (trx) => {
    await categoryFor(trx, input.categoryId);
    const id = await insertProduct(trx, input);
    const after = (await findProductForStaff(trx, id))!;
    await audit(trx, actor, now, {
      action: 'product.create',
      entity: 'product',
      entityId: id,
      summary: `Created the product “${input.name}” at ${formatRupees(input.offerPrice)}`,
      after,
    });
    return after;
  });
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
    return versionedEdit(
      { ...deps, db: trx },
      {
        what: 'Product',
        entity: 'product',
        id,
        version,
        read: readProduct(id),
        write: (t) => updateProduct(t, id, version, input),
        action: 'product.update',
        summary: (before, after) => `Edited the product “${after.name}”: ${changes('product', before, after)}`,
      },
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
    return versionedEdit(
      { ...deps, db: trx },
      {
        what: 'Product',
        entity: 'product',
        id,
        version,
        read: readProduct(id),
        write: (t) => setRetired(t, 'product', id, version, retire ? deps.now.toISOString() : null),
        action: retire ? 'product.retire' : 'product.restore',
        summary: (_, after) => `${retire ? 'Retired' : 'Restored'} the product “${after.name}”`,
      },
    );
  });
}
