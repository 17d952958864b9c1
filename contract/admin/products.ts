import * as v from 'valibot';
import { Product } from '../catalogue.ts';
import { pageResponse, recordResponse } from '../envelope.ts';
import { PositiveId } from '../ids.ts';
import {
  catalogueImage,
  catalogueLine,
  catalogueMessages,
  catalogueRecordEntries,
  catalogueText,
  MAX_TITLE_LENGTH,
  offerWithinPrice,
  recordListQuery,
  rupees,
  Version,
} from './catalogue-fields.ts';
import { StockLedgerEntry } from './stock.ts';

/**
 * Products in the back office (docs/product-rules.md, Roles and the back office); their stock is
 * contract/admin/stock.ts's.
 *
 *   GET  /api/admin/products?q&category&stock&state&limit&offset -> AdminProductListResponse
 *   POST /api/admin/products           ProductInput           -> 201 AdminProductResponse
 *   GET  /api/admin/products/{id}                             -> AdminProductResponse
 *   PUT  /api/admin/products/{id}      ProductInput+version   -> AdminProductResponse | 409 edit_conflict
 *   POST /api/admin/products/{id}/retire|restore  {version}   -> AdminProductResponse
 */

const productFields = {
  name: catalogueLine('Name', MAX_TITLE_LENGTH),
  description: catalogueText('Description'),
  price: rupees,
  offerPrice: rupees,
  image: catalogueImage,
  categoryId: PositiveId(catalogueMessages.categoryInvalid),
};
export const ProductInput = v.pipe(v.object(productFields), offerWithinPrice());
export type ProductInput = v.InferOutput<typeof ProductInput>;
export const ProductUpdate = v.pipe(v.object({ ...productFields, version: Version }), offerWithinPrice());
export type ProductUpdate = v.InferOutput<typeof ProductUpdate>;

export const AdminProduct = v.object({
  ...Product.entries,
  ...catalogueRecordEntries,
  /** The newest entries of its stock ledger, newest first. */
  ledger: v.array(StockLedgerEntry),
});
export type AdminProduct = v.InferOutput<typeof AdminProduct>;
export const AdminProductResponse = recordResponse('product', AdminProduct);
export type AdminProductResponse = v.InferOutput<typeof AdminProductResponse>;

/** A row of the products' list: the product's card fields and whether it is retired. */
export const AdminProductSummary = v.object({
  ...v.pick(Product, ['id', 'name', 'image', 'price', 'offerPrice', 'stockQuantity', 'category']).entries,
  retiredAt: catalogueRecordEntries.retiredAt,
});
export type AdminProductSummary = v.InferOutput<typeof AdminProductSummary>;
export const AdminProductListResponse = pageResponse('products', AdminProductSummary);
export type AdminProductListResponse = v.InferOutput<typeof AdminProductListResponse>;

export const AdminProductQuery = v.object({
  ...recordListQuery,
  category: v.optional(
    v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/, 'category must be a category id'), v.transform(Number)),
  ),
  stock: v.optional(v.picklist(['low', 'out'], 'stock must be low or out')),
});
export type AdminProductQuery = v.InferOutput<typeof AdminProductQuery>;
