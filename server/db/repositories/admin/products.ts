import type {
  AdminProduct,
  AdminProductQuery,
  AdminProductSummary,
  ProductInput,
} from '../../../../contract/admin/products.ts';
import { toCatalogueMarkup } from '../../../../contract/admin/catalogue-fields.ts';
import { LOW_STOCK_LIMIT } from '../../../../contract/catalogue-display.ts';
import type { Db } from '../../client.ts';
import { listLedger } from '../stock-ledger.ts';
import { insertRecord, likeAnywhere, updateAtVersion } from './records.ts';
import { pageOf } from '../../queries.ts';

/*
 * Products as staff read and write them (data access only; the rules, versions and audit rows are
 * server/services/admin/products.ts's). Every update is conditional on the version the edit started from
 * (./records.ts).
 */

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
  const { rows: products, total } = await pageOf(filtered, query, (q) =>
    q
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
      .orderBy('product.id', 'desc'),
  );
  return { products, total };
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
export function insertProduct(db: Db, input: ProductInput): Promise<number> {
  return insertRecord(db, 'product', { ...input, stockQuantity: 0, averageRating: 0, totalReviews: 0 });
}

export function updateProduct(db: Db, id: number, version: number, input: ProductInput): Promise<boolean> {
  return updateAtVersion(db, 'product', id, version, input);
}
