import {
  AdminProductQuery,
  ProductInput,
  ProductUpdate,
  type AdminProduct,
  type AdminProductListResponse,
  type AdminProductResponse,
} from '../../../contract/admin/products.ts';
import { StockEntryInput } from '../../../contract/admin/stock.ts';
import { findProductForStaff, listProductsForStaff } from '../../db/repositories/admin/products.ts';
import { createProduct, editProduct, retireProduct } from '../../services/admin/products.ts';
import { recordStock } from '../../services/admin/stock.ts';
import { readQuery } from '../../validate.ts';
import { addToRoute, recordRoutes } from './records.ts';

/** Products and their stock in the back office (contract/admin/products.ts, stock.ts). */

const answer = (product: AdminProduct): AdminProductResponse => ({ product });

export const productRoutes = recordRoutes({
  path: '/api/admin/products',
  answer,
  list: (c): Promise<AdminProductListResponse> =>
    listProductsForStaff(c.var.db, readQuery(c, AdminProductQuery)),
  find: { what: 'Product', read: findProductForStaff },
  create: [ProductInput, createProduct],
  edit: [ProductUpdate, editProduct],
  retire: retireProduct,
});
addToRoute(productRoutes, '/api/admin/products/:id/stock', StockEntryInput, recordStock, answer);
