import { Hono } from 'hono';
import type { AppEnv } from '../app.ts';
import { findProduct, listCategories, listProducts } from '../db/repositories/catalogue.ts';
import { idParam, notFound } from '../http.ts';

export const productRoutes = new Hono<AppEnv>()
  .get('/products', async (c) => c.json({ products: await listProducts(c.var.db) }, 200))
  .get('/products/:id', async (c) => {
    const product = await findProduct(c.var.db, idParam(c));
    if (!product) notFound('Product');
    return c.json({ product: [product] }, 200);
  })
  .get('/categories', async (c) => c.json({ categories: await listCategories(c.var.db) }, 200));
