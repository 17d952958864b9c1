import type { AdminAstrologer, AstrologerInput } from '../../../contract/admin/astrologers.ts';
import type { AdminCategory, CategoryInput } from '../../../contract/admin/categories.ts';
import type { AdminPackage, PackageInput } from '../../../contract/admin/packages.ts';
import type { AdminProduct, AdminProductQuery, AdminProductSummary, ProductInput } from '../../../contract/admin/products.ts';
import type { AdminPuja, AdminPujaQuery, AdminPujaSummary, PujaInput } from '../../../contract/admin/pujas.ts';
import { toCatalogueMarkup } from '../../../contract/admin/catalogue-fields.ts';
import { LOW_STOCK_LIMIT } from '../../../contract/catalogue-display.ts';
import type { Db } from '../client.ts';
import { listLedger } from './stock-ledger.ts';

/**
 * The catalogue as staff read and write it (data access only; the rules, versions and audit rows
 * are server/services/admin-catalogue.ts's). Every update is conditional on the version the
 * edit started from and bumps it: false means someone else saved first (or the row is gone).
 */

const likeAnywhere = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/* ------------------------------------------------------------------------------------------
 * Pujas and packages
 * ---------------------------------------------------------------------------------------- */

export async function listPujasForStaff(
  db: Db,
  query: AdminPujaQuery,
  now: Date,
): Promise<{ pujas: AdminPujaSummary[]; total: number }> {
  let filtered = db.selectFrom('puja');
  const state = query.state ?? 'active';
  if (state === 'active') filtered = filtered.where('puja.retiredAt', 'is', null);
  if (state === 'retired') filtered = filtered.where('puja.retiredAt', 'is not', null);
  if (query.q)
    filtered = filtered.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['puja.pujaName']), 'like', likeAnywhere(query.q!)),
        eb(eb.fn('lower', ['puja.place']), 'like', likeAnywhere(query.q!)),
      ]),
    );
  if (query.when === 'upcoming') filtered = filtered.where('puja.pujaDate', '>', now.toISOString());
  if (query.when === 'past') filtered = filtered.where('puja.pujaDate', '<=', now.toISOString());
  const { n } = await filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await filtered
    .select([
      'puja.id',
      'puja.pujaName',
      'puja.place',
      'puja.pujaDate',
      'puja.image',
      'puja.inDemand',
      'puja.script',
      'puja.retiredAt',
    ])
    .select((eb) => [
      eb
        .selectFrom('pujaPackage')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('pujaPackage.pujaId', '=', 'puja.id')
        .as('packageCount'),
      eb
        .selectFrom('pujaPackage')
        .select((sub) => sub.fn.min<number>('pujaPackage.offerPrice').as('n'))
        .whereRef('pujaPackage.pujaId', '=', 'puja.id')
        .as('fromPrice'),
      eb
        .selectFrom('bookings')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('bookings.pujaId', '=', 'puja.id')
        .as('bookingCount'),
    ])
    // The soonest upcoming first when listing what is coming, the latest first otherwise.
    .orderBy('puja.pujaDate', query.when === 'upcoming' ? 'asc' : 'desc')
    .orderBy('puja.id', 'desc')
    .limit(query.limit ?? 50)
    .offset(query.offset ?? 0)
    .execute();
  return {
    pujas: rows.map((row) => ({
      ...row,
      inDemand: row.inDemand === 1,
      packageCount: Number(row.packageCount ?? 0),
      bookingCount: Number(row.bookingCount ?? 0),
      fromPrice: row.fromPrice === null ? null : Number(row.fromPrice),
    })),
    total: Number(n),
  };
}

export async function listPackagesForStaff(db: Db, pujaId: number): Promise<AdminPackage[]> {
  const rows = await db
    .selectFrom('pujaPackage')
    .select(['id', 'pujaId', 'title', 'description', 'noPersons', 'price', 'offerPrice', 'version'])
    .select((eb) =>
      eb
        .selectFrom('bookings')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('bookings.packageId', '=', 'pujaPackage.id')
        .as('bookingCount'),
    )
    .where('pujaId', '=', pujaId)
    .orderBy('noPersons')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    ...row,
    description: toCatalogueMarkup(row.description),
    bookingCount: Number(row.bookingCount ?? 0),
  }));
}

/** A puja as staff edit it: its text in the forms' plain markup, its packages, its counts. */
export async function findPujaForStaff(db: Db, id: number): Promise<AdminPuja | undefined> {
  const row = await db.selectFrom('puja').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const packages = await listPackagesForStaff(db, id);
  const { n } = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('pujaId', '=', id)
    .executeTakeFirstOrThrow();
  const prices = packages.map((p) => p.offerPrice);
  return {
    ...row,
    description: toCatalogueMarkup(row.description),
    benefitDesc1: toCatalogueMarkup(row.benefitDesc1),
    benefitDesc2: toCatalogueMarkup(row.benefitDesc2),
    benefitDesc3: toCatalogueMarkup(row.benefitDesc3),
    benefitDesc4: toCatalogueMarkup(row.benefitDesc4),
    inDemand: row.inDemand === 1,
    fromPrice: prices.length ? Math.min(...prices) : null,
    bookingCount: Number(n),
    packages,
  };
}

const pujaColumns = (input: PujaInput) => ({ ...input, inDemand: input.inDemand ? 1 : 0 });

export async function insertPuja(db: Db, input: PujaInput): Promise<number> {
  const { id } = await db
    .insertInto('puja')
    .values(pujaColumns(input))
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updatePuja(db: Db, id: number, version: number, input: PujaInput): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('puja')
    .set((eb) => ({ ...pujaColumns(input), version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** Retires (a time) or restores (null) a record, conditional on its version. */
export async function setRetired(
  db: Db,
  table: 'puja' | 'product' | 'astrologer' | 'category',
  id: number,
  version: number,
  retiredAt: string | null,
): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable(table)
    .set((eb) => ({ retiredAt, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

export function findPackageRow(db: Db, id: number) {
  return db.selectFrom('pujaPackage').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPackage(db: Db, pujaId: number, input: PackageInput): Promise<number> {
  const { id } = await db
    .insertInto('pujaPackage')
    .values({ ...input, pujaId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updatePackage(
  db: Db,
  id: number,
  version: number,
  input: PackageInput,
): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('pujaPackage')
    .set((eb) => ({ ...input, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** Deletes a package no booking names; false when one does (or it is gone). */
export async function deletePackageWithoutBookings(db: Db, id: number): Promise<boolean> {
  const { numDeletedRows } = await db
    .deleteFrom('pujaPackage')
    .where('id', '=', id)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('bookings').select('bookings.id').where('bookings.packageId', '=', id))),
    )
    .executeTakeFirst();
  return numDeletedRows > 0n;
}

/** A copy of a puja's row (a new date) and of its packages, unretired, at version 1. */
export async function copyPuja(
  db: Db,
  id: number,
  dates: { pujaDate: string; startDate: string | null },
): Promise<number | undefined> {
  const row = await db.selectFrom('puja').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const { id: _id, version: _version, retiredAt: _retired, ...copy } = row;
  const { id: copyId } = await db
    .insertInto('puja')
    .values({ ...copy, ...dates })
    .returning('id')
    .executeTakeFirstOrThrow();
  const packages = await db
    .selectFrom('pujaPackage')
    .selectAll()
    .where('pujaId', '=', id)
    .orderBy('id')
    .execute();
  for (const { id: _pkg, version: _v, pujaId: _p, ...pkg } of packages)
    await db
      .insertInto('pujaPackage')
      .values({ ...pkg, pujaId: copyId })
      .execute();
  return copyId;
}

/* ------------------------------------------------------------------------------------------
 * Products
 * ---------------------------------------------------------------------------------------- */

export async function listProductsForStaff(
  db: Db,
  query: AdminProductQuery,
): Promise<{ products: AdminProductSummary[]; total: number }> {
  let filtered = db.selectFrom('product').innerJoin('category', 'category.id', 'product.categoryId');
  const state = query.state ?? 'active';
  if (state === 'active') filtered = filtered.where('product.retiredAt', 'is', null);
  if (state === 'retired') filtered = filtered.where('product.retiredAt', 'is not', null);
  if (query.q)
    filtered = filtered.where((eb) => eb(eb.fn('lower', ['product.name']), 'like', likeAnywhere(query.q!)));
  if (query.category !== undefined) filtered = filtered.where('product.categoryId', '=', query.category);
  if (query.stock === 'out') filtered = filtered.where('product.stockQuantity', '<=', 0);
  if (query.stock === 'low')
    filtered = filtered
      .where('product.stockQuantity', '>', 0)
      .where('product.stockQuantity', '<=', LOW_STOCK_LIMIT);
  const { n } = await filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const products = await filtered
    .select([
      'product.id',
      'product.name',
      'product.image',
      'product.price',
      'product.offerPrice',
      'product.stockQuantity',
      'category.name as category',
      'product.retiredAt',
    ])
    .orderBy(query.stock ? 'product.stockQuantity' : 'product.id', query.stock ? 'asc' : 'desc')
    .orderBy('product.id', 'desc')
    .limit(query.limit ?? 50)
    .offset(query.offset ?? 0)
    .execute();
  return { products, total: Number(n) };
}

export async function findProductForStaff(db: Db, id: number): Promise<AdminProduct | undefined> {
  const row = await db
    .selectFrom('product')
    .innerJoin('category', 'category.id', 'product.categoryId')
    .selectAll('product')
    .select('category.category as category')
    .where('product.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...row, description: toCatalogueMarkup(row.description), ledger: await listLedger(db, id, 20) };
}

/** A new product starts with no stock: stock comes in through the ledger. */
export async function insertProduct(db: Db, input: ProductInput): Promise<number> {
  const { id } = await db
    .insertInto('product')
    .values({ ...input, stockQuantity: 0, averageRating: 0, totalReviews: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateProduct(
  db: Db,
  id: number,
  version: number,
  input: ProductInput,
): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('product')
    .set((eb) => ({ ...input, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

/**
 * A category as a product write needs it (whether it is there, and retired), its row held until
 * the write's transaction ends: a product never enters a category that is being retired at the
 * same moment. SQLite's write transactions already run one at a time; PostgreSQL needs the lock.
 */
export async function lockCategory(db: Db, id: number): Promise<{ retiredAt: string | null } | undefined> {
  let query = db.selectFrom('category').select('retiredAt').where('id', '=', id);
  if (db.getExecutor().adapter.constructor.name === 'PostgresAdapter') query = query.forUpdate();
  return query.executeTakeFirst();
}

/* ------------------------------------------------------------------------------------------
 * Categories and astrologers
 * ---------------------------------------------------------------------------------------- */

export async function listCategoriesForStaff(db: Db): Promise<AdminCategory[]> {
  const rows = await db
    .selectFrom('category')
    .select(['id', 'category', 'name', 'imgUrl', 'version', 'retiredAt'])
    .select((eb) =>
      eb
        .selectFrom('product')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('product.categoryId', '=', 'category.id')
        .where('product.retiredAt', 'is', null)
        .as('productCount'),
    )
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, productCount: Number(row.productCount ?? 0) }));
}

export async function findCategoryForStaff(db: Db, id: number): Promise<AdminCategory | undefined> {
  return (await listCategoriesForStaff(db)).find((category) => category.id === id);
}

export async function insertCategory(db: Db, input: CategoryInput): Promise<number> {
  const { id } = await db.insertInto('category').values(input).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateCategory(
  db: Db,
  id: number,
  version: number,
  input: CategoryInput,
): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('category')
    .set((eb) => ({ ...input, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

const toAstrologer = (row: { specializations: string; bio: string }) => ({
  specializations: JSON.parse(row.specializations) as string[],
  bio: toCatalogueMarkup(row.bio),
});

export async function listAstrologersForStaff(db: Db): Promise<AdminAstrologer[]> {
  const rows = await db.selectFrom('astrologer').selectAll().orderBy('id').execute();
  return rows.map((row) => ({ ...row, ...toAstrologer(row) }));
}

export async function findAstrologerForStaff(db: Db, id: number): Promise<AdminAstrologer | undefined> {
  const row = await db.selectFrom('astrologer').selectAll().where('id', '=', id).executeTakeFirst();
  return row && { ...row, ...toAstrologer(row) };
}

const astrologerColumns = (input: AstrologerInput) => ({
  ...input,
  specializations: JSON.stringify(input.specializations),
});

export async function insertAstrologer(db: Db, input: AstrologerInput): Promise<number> {
  const { id } = await db
    .insertInto('astrologer')
    .values(astrologerColumns(input))
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateAstrologer(
  db: Db,
  id: number,
  version: number,
  input: AstrologerInput,
): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('astrologer')
    .set((eb) => ({ ...astrologerColumns(input), version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}
