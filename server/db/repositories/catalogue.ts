import type { Astrologer, Category, Product, Puja, PujaPackage } from '../../../contract/catalogue.ts';
import type { Db } from '../client.ts';
import type { PujaRow } from '../types.ts';

const toPuja = ({ inDemand, ...row }: PujaRow): Puja => ({ ...row, inDemand: inDemand === 1 });

/** Pujas with `fromPrice`: the cheapest package's offer price (null when a puja has none). */
function pujasWithFromPrice(db: Db) {
  return db
    .selectFrom('puja')
    .selectAll('puja')
    .select((eb) =>
      eb
        .selectFrom('pujaPackage')
        .select((inner) => inner.fn.min<number>('pujaPackage.offerPrice').as('minOffer'))
        .whereRef('pujaPackage.pujaId', '=', 'puja.id')
        .as('fromPrice'),
    );
}

const toPujaWithPrice = ({ fromPrice, ...row }: PujaRow & { fromPrice: number | null }): Puja => ({
  ...toPuja(row),
  fromPrice: fromPrice === null ? null : Number(fromPrice),
});

export async function listPujas(db: Db): Promise<Puja[]> {
  const rows = await pujasWithFromPrice(db).orderBy('puja.id').execute();
  return rows.map(toPujaWithPrice);
}

export async function findPuja(db: Db, id: number): Promise<Puja | undefined> {
  const row = await pujasWithFromPrice(db).where('puja.id', '=', id).executeTakeFirst();
  return row && toPujaWithPrice(row);
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
