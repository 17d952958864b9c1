import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { catalogueQueryString, ProductQuery } from '../../contract/catalogue-query.ts';
import { findProduct, listCategories, listProducts } from '../db/repositories/catalogue.ts';
import { idParam, notFound } from '../http.ts';
import { readQuery } from '../validate.ts';

export const productRoutes = new Hono<AppEnv>()
  .get('/products', (c) => {
    const query = readQuery(c, ProductQuery);
    return c.get('catalogue').respond(c, `products${catalogueQueryString(query)}`, async () => {
      const { items, total } = await listProducts(c.get('db'), query);
      return { products: items, total };
    });
  })
  .get('/products/:id', (c) => {
    const id = idParam(c);
    return c.get('catalogue').respond(c, `product/${id}`, async () => {
      const product = await findProduct(c.get('db'), id);
      if (!product) notFound('Product');
      return { product: [product] };
    });
  })
  .get('/categories', (c) =>
    c
      .get('catalogue')
      .respond(c, 'categories', async () => ({ categories: await listCategories(c.get('db')) })),
  );
