import fs from 'node:fs';
import path from 'node:path';
import { seedScale } from '../../server/db/seed/scale.ts';
import { createTestShop } from '../support/test-db.ts';
import { shopPerFile } from '../support/prelude.ts';

/** `npm run seed:scale`: a large catalogue for the benchmark, served by the same API. */

const shop = shopPerFile(createTestShop);
const total = async (url: string) =>
  ((await (await shop.app.request(url)).json()) as { total: number }).total;

describe('seedScale', () => {
  it('tops the demo catalogue up to the asked counts, once: a second run adds nothing', async () => {
    const before = await total('/products');
    const added = await seedScale(shop.db, { products: 1200, pujas: 120 });
    expect(added.products).toBe(1200 - before);
    expect(await total('/products')).toBe(1200);
    expect(await total('/pujas')).toBe(120);
    expect(await seedScale(shop.db, { products: 1200, pujas: 120 })).toEqual({ products: 0, pujas: 0 });
  });

  it('makes products and pujas the shop can show and sell: images that exist, 1 to 4 packages, future dates', async () => {
    const { products } = (await (await shop.app.request('/products?limit=100&offset=500')).json()) as {
      products: { image: string; offerPrice: number; price: number; stockQuantity: number }[];
    };
    const { pujas } = (await (await shop.app.request('/pujas?limit=50&offset=60')).json()) as {
      pujas: { id: number; image: string; pujaDate: string; fromPrice: number }[];
    };
    for (const item of [...products, ...pujas])
      expect(fs.existsSync(path.join('server/assets', item.image)), item.image).toBe(true);
    for (const product of products) {
      expect(product.offerPrice).toBeLessThanOrEqual(product.price);
      expect(product.stockQuantity).toBeGreaterThanOrEqual(0);
    }
    for (const puja of pujas) {
      expect(Date.parse(puja.pujaDate)).toBeGreaterThan(Date.now());
      expect(puja.fromPrice).toBeGreaterThan(0);
      const { packages } = (await (await shop.app.request(`/packages/${puja.id}`)).json()) as {
        packages: unknown[];
      };
      expect(packages.length).toBeGreaterThanOrEqual(1);
      expect(packages.length).toBeLessThanOrEqual(4);
    }
    // Search and pages work at this size.
    expect(await total('/products?q=rudraksha')).toBeGreaterThan(50);
  });
});
