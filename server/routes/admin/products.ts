import { Hono } from 'hono';
import {
  AdminProductQuery,
  ProductInput,
  ProductUpdate,
  type AdminProduct,
  type AdminProductListResponse,
  type AdminProductResponse,
} from '../../../contract/admin/products.ts';
import { StockEntryInput } from '../../../contract/admin/stock.ts';
import type { AppEnv } from '../../env.ts';
import { findProductForStaff, listProductsForStaff } from '../../db/repositories/admin/products.ts';
import { idParam } from '../../http.ts';
import { createProduct, editProduct, retireProduct } from '../../services/admin/products.ts';
import { recordStock } from '../../services/admin/stock.ts';
import { readBody, readQuery } from '../../validate.ts';
import { createRoute, editRoute, findRoute, retireRoutes, staffDeps } from './records.ts';

/** Products and their stock in the back office (contract/admin/products.ts, stock.ts). */

const answer = (product: AdminProduct): AdminProductResponse => ({ product });

export const productRoutes = new Hono<AppEnv>()
  .get('/api/admin/products', async (c) => {
    const body: AdminProductListResponse = await listProductsForStaff(
      c.var.db,
      readQuery(c, AdminProductQuery),
    );
    return c.json(body, 200);
  })

  .post('/api/admin/products/:id/stock', async (c) => {
    const id = idParam(c);
    const entry = await readBody(c, StockEntryInput);
    return c.json(answer(await recordStock(staffDeps(c), id, entry)), 201);
  });
createRoute(productRoutes, '/api/admin/products', ProductInput, createProduct, answer);
findRoute(productRoutes, '/api/admin/products/:id', 'Product', findProductForStaff, answer);
editRoute(productRoutes, '/api/admin/products/:id', ProductUpdate, editProduct, answer);
retireRoutes(productRoutes, '/api/admin/products', retireProduct, answer);
