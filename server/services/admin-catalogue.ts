import type { AdminAstrologer, AstrologerInput } from '../../contract/admin/astrologers.ts';
import type { AdminCategory, CategoryInput } from '../../contract/admin/categories.ts';
import type { PackageInput } from '../../contract/admin/packages.ts';
import type { AdminProduct, ProductInput } from '../../contract/admin/products.ts';
import type { AdminPuja, PujaInput, RepeatPujaInput } from '../../contract/admin/pujas.ts';
import type { StockEntryInput } from '../../contract/admin/stock.ts';
import { catalogueMessages } from '../../contract/admin/catalogue-fields.ts';
import { stockChangeOf, stockReasonLabels } from '../../contract/admin/stock.ts';
import { formatRupees } from '../../contract/money.ts';
import { fieldLabel } from '../../contract/field-labels.ts';
import type { Db } from '../db/client.ts';
import {
  copyPuja,
  deletePackageWithoutBookings,
  findAstrologerForStaff,
  findCategoryForStaff,
  findPackageRow,
  findProductForStaff,
  findPujaForStaff,
  insertAstrologer,
  insertCategory,
  insertPackage,
  insertProduct,
  insertPuja,
  lockCategory,
  setRetired,
  updateAstrologer,
  updateCategory,
  updatePackage,
  updateProduct,
  updatePuja,
} from '../db/repositories/admin-catalogue.ts';
import { changeStock } from '../db/repositories/stock-ledger.ts';
import { inTransaction } from '../db/transaction.ts';
import { audit, type Actor } from './audit.ts';
import { EditConflict, Refusal } from './refusal.ts';

/**
 * The catalogue's rules for staff writes (docs/product-rules.md, Roles and the back office).
 * Every write runs in one transaction with its audit row. An edit names the version it started
 * from: the UPDATE is conditional on it, and a save from an older version is refused with the
 * record as it is now (EditConflict), so nothing is overwritten unseen
 * (docs/decisions/0034-edits-carry-the-version-they-started-from.md).
 */

export interface Deps {
  db: Db;
  actor: Actor;
  now: Date;
}

const notFound = (what: string): never => {
  throw new Refusal('not_found', catalogueMessages.notFound(what));
};

/**
 * The versioned edit every record shares: read it, refuse an older version with what is there
 * now, update on the version, read it again and keep both in the audit row.
 */
async function versionedEdit<T extends { version: number }>(
  { db, actor, now }: Deps,
  {
    what,
    entity,
    id,
    version,
    read,
    write,
    action,
    summary,
    check,
  }: {
    what: string;
    entity: string;
    id: number;
    version: number;
    read: (trx: Db) => Promise<T | undefined>;
    write: (trx: Db) => Promise<boolean>;
    action: string;
    summary: (before: T, after: T) => string;
    check?: (before: T) => void;
  },
): Promise<T> {
  return inTransaction(db, async (trx) => {
    const before = (await read(trx)) ?? notFound(what);
    if (before.version !== version) throw new EditConflict(catalogueMessages.conflict, before);
    check?.(before);
    if (!(await write(trx))) throw new EditConflict(catalogueMessages.conflict, (await read(trx)) ?? before);
    const after = (await read(trx))!;
    await audit(trx, actor, now, {
      action,
      entity,
      entityId: id,
      summary: summary(before, after),
      before,
      after,
    });
    return after;
  });
}

/** The fields whose values differ, for an audit row's summary ("price, offer price"). */
function changedFields(before: object, after: object, skip: string[] = ['version', 'ledger', 'packages']) {
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  return Object.keys(b).filter(
    (key) => !skip.includes(key) && JSON.stringify(a[key]) !== JSON.stringify(b[key]),
  );
}
/** The changed fields in the form's words (contract/field-labels.ts): "Price (₹), Offer price (₹)". */
const changes = (entity: string, before: object, after: object) => {
  const fields = changedFields(before, after);
  return fields.length ? fields.map((field) => fieldLabel(entity, field)).join(', ') : 'nothing';
};

/* ------------------------------------------------------------------------------------------
 * Pujas and packages
 * ---------------------------------------------------------------------------------------- */

const readPuja = (id: number) => (trx: Db) => findPujaForStaff(trx, id);

export async function createPuja({ db, actor, now }: Deps, input: PujaInput): Promise<AdminPuja> {
  return inTransaction(db, async (trx) => {
    const id = await insertPuja(trx, input);
    const after = (await findPujaForStaff(trx, id))!;
    await audit(trx, actor, now, {
      action: 'puja.create',
      entity: 'puja',
      entityId: id,
      summary: `Created the puja “${input.pujaName}”`,
      after,
    });
    return after;
  });
}

export function editPuja(deps: Deps, id: number, version: number, input: PujaInput): Promise<AdminPuja> {
  return versionedEdit(deps, {
    what: 'Puja',
    entity: 'puja',
    id,
    version,
    read: readPuja(id),
    write: (trx) => updatePuja(trx, id, version, input),
    action: 'puja.update',
    summary: (before, after) => `Edited the puja “${after.pujaName}”: ${changes('puja', before, after)}`,
  });
}

export function retirePuja(deps: Deps, id: number, version: number, retire: boolean): Promise<AdminPuja> {
  return versionedEdit(deps, {
    what: 'Puja',
    entity: 'puja',
    id,
    version,
    read: readPuja(id),
    write: (trx) => setRetired(trx, 'puja', id, version, retire ? deps.now.toISOString() : null),
    action: retire ? 'puja.retire' : 'puja.restore',
    summary: (_, after) => `${retire ? 'Retired' : 'Restored'} the puja “${after.pujaName}”`,
  });
}

/** "Repeat this puja on a new date": a copy with its packages, audited as a creation from the original. */
export async function repeatPuja(
  { db, actor, now }: Deps,
  id: number,
  input: RepeatPujaInput,
): Promise<AdminPuja> {
  return inTransaction(db, async (trx) => {
    const original = (await findPujaForStaff(trx, id)) ?? notFound('Puja');
    // A new date is ahead of now (docs/product-rules.md, Roles and the back office).
    if (!(Date.parse(input.pujaDate) > now.getTime()))
      throw Refusal.of('date_in_past');
    const startDate = input.startDate ?? now.toISOString();
    const copyId = (await copyPuja(trx, id, {
      pujaDate: input.pujaDate,
      startDate: startDate <= input.pujaDate ? startDate : null,
    }))!;
    const after = (await findPujaForStaff(trx, copyId))!;
    await audit(trx, actor, now, {
      action: 'puja.repeat',
      entity: 'puja',
      entityId: copyId,
      summary: `Repeated the puja “${original.pujaName}” (#${id}) on a new date with its ${original.packages.length} packages`,
      after,
    });
    return after;
  });
}

const livePuja = (puja: AdminPuja) => {
  if (puja.retiredAt) throw new Refusal('retired', catalogueMessages.retired('puja'));
};

export async function addPackage(
  { db, actor, now }: Deps,
  pujaId: number,
  input: PackageInput,
): Promise<AdminPuja> {
  return inTransaction(db, async (trx) => {
    livePuja((await findPujaForStaff(trx, pujaId)) ?? notFound('Puja'));
    const id = await insertPackage(trx, pujaId, input);
    const after = (await findPujaForStaff(trx, pujaId))!;
    await audit(trx, actor, now, {
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
  const readPackage = async (trx: Db) =>
    (await findPujaForStaff(trx, row.pujaId))?.packages.find((p) => p.id === id);
  await versionedEdit(deps, {
    what: 'Package',
    entity: 'package',
    id,
    version,
    read: readPackage,
    write: (trx) => updatePackage(trx, id, version, input),
    action: 'package.update',
    summary: (before, after) => `Edited the package “${after.title}”: ${changes('package', before, after)}`,
  });
  return (await findPujaForStaff(deps.db, row.pujaId))!;
}

export async function removePackage({ db, actor, now }: Deps, id: number): Promise<AdminPuja> {
  return inTransaction(db, async (trx) => {
    const row = (await findPackageRow(trx, id)) ?? notFound('Package');
    if (!(await deletePackageWithoutBookings(trx, id)))
      throw Refusal.of('package_has_bookings');
    await audit(trx, actor, now, {
      action: 'package.delete',
      entity: 'package',
      entityId: id,
      summary: `Deleted the package “${row.title}”`,
      before: row,
    });
    return (await findPujaForStaff(trx, row.pujaId))!;
  });
}

/* ------------------------------------------------------------------------------------------
 * Products and stock
 * ---------------------------------------------------------------------------------------- */

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

/** A stock entry: received, damaged or adjusted; never below 0 (one conditional UPDATE). */
export async function recordStock(
  { db, actor, now }: Deps,
  productId: number,
  entry: StockEntryInput,
): Promise<AdminProduct> {
  return inTransaction(db, async (trx) => {
    const before = (await findProductForStaff(trx, productId)) ?? notFound('Product');
    const quantity = stockChangeOf(entry);
    const balance = await changeStock(trx, {
      productId,
      quantity,
      reason: entry.reason,
      note: entry.note || null,
      userId: actor.id,
      at: now.toISOString(),
    });
    if (balance === undefined)
      throw new Refusal('stock_below_zero', catalogueMessages.stockBelowZero(before.stockQuantity));
    const after = (await findProductForStaff(trx, productId))!;
    await audit(trx, actor, now, {
      action: 'stock.entry',
      entity: 'stock',
      entityId: productId,
      summary: `${stockReasonLabels[entry.reason]}: ${quantity > 0 ? '+' : ''}${quantity} of “${before.name}” (stock ${before.stockQuantity} → ${balance})${entry.note ? `: ${entry.note}` : ''}`,
      before: { stockQuantity: before.stockQuantity },
      after: { stockQuantity: balance, quantity, reason: entry.reason, note: entry.note || null },
    });
    return after;
  });
}

/* ------------------------------------------------------------------------------------------
 * Categories and astrologers
 * ---------------------------------------------------------------------------------------- */

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

export { versionedEdit, changes };
