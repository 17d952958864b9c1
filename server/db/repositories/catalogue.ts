import type { Astrologer, Category, Product, Puja, PujaPackage } from '../../../contract/catalogue.ts';
import type { Db } from '../client.ts';
import type { PujaRow } from '../types.ts';

const toPuja = ({ inDemand, ...row }: PujaRow): Puja => ({ ...row, inDemand: inDemand === 1 });

export async function listPujas(db: Db): Promise<Puja[]> {
  const rows = await db.selectFrom('puja').selectAll().orderBy('id').execute();
  return rows.map(toPuja);
}

export async function findPuja(db: Db, id: number): Promise<Puja | undefined> {
  const row = await db.selectFrom('puja').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toPuja(row);
}

export function listPackages(db: Db, pujaId: number): Promise<PujaPackage[]> {
  return db
    .selectFrom('pujaPackage')
    .selectAll()
    .where('pujaId', '=', pujaId)
    .orderBy('noPersons')
    .orderBy('id')
    .execute();
}

export function listCategories(db: Db): Promise<Category[]> {
  return db.selectFrom('category').selectAll().orderBy('id').execute();
}

const productQuery = (db: Db) =>
  db
    .selectFrom('product')
    .innerJoin('category', 'category.id', 'product.categoryId')
    .selectAll('product')
    .select('category.category as category');

/** Newest first: the product list's default order (highest id first). */
export function listProducts(db: Db): Promise<Product[]> {
  return productQuery(db).orderBy('product.id', 'desc').execute();
}

export function findProduct(db: Db, id: number): Promise<Product | undefined> {
  return productQuery(db).where('product.id', '=', id).executeTakeFirst();
}

export async function listAstrologers(db: Db): Promise<Astrologer[]> {
  const rows = await db.selectFrom('astrologer').selectAll().orderBy('id').execute();
  return rows.map((row) => ({ ...row, specializations: JSON.parse(row.specializations) as string[] }));
}
