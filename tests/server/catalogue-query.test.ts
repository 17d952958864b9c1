import zlib from 'node:zlib';
import * as v from 'valibot';
import {
  ApiErrorBody,
  ProductListResponse,
  PujaListResponse,
  type Product,
  type Puja,
} from '../../contract/catalogue.ts';
import { isBookingOpen } from '../../contract/policy.ts';
import { HOUR_MS, SANKALP_LOCK_HOURS } from '../../contract/policy.ts';
import { STARTING_SOON_DAYS } from '../../contract/catalogue-display.ts';
import { CATALOGUE_PAGE_MAX } from '../../contract/catalogue-query.ts';
import { createTestShop } from '../support/test-db.ts';
import { shopPerFile } from '../support/prelude.ts';

/**
 * GET /products and GET /pujas take an optional query (docs/product-rules.md, Catalogue
 * queries), and their answers are kept in memory, with an ETag and compressed forms, until the
 * catalogue changes (docs/decisions/0016-catalogue-answers-are-cached-in-memory.md).
 */

const DAY = 24 * 60 * 60 * 1000;
const Products = v.object({ products: ProductListResponse.entries.products, total: v.number() });
const Pujas = v.object({ pujas: PujaListResponse.entries.pujas, total: v.number() });

const shop = shopPerFile(createTestShop);
let all: Product[];
beforeAll(async () => {
  all = (await products('')).products;
});
async function getJson(url: string, headers: Record<string, string> = {}) {
  const res = await shop.app.request(url, { headers });
  expect(res.status, url).toBe(200);
  return res.json() as Promise<unknown>;
}
const products = async (query: string) => v.parse(Products, await getJson(`/products${query}`));
const pujas = async (query: string) => v.parse(Pujas, await getJson(`/pujas${query}`));

async function refused(url: string): Promise<string> {
  const before = (await shop.app.request('/products')).headers.get('etag');
  const res = await shop.app.request(url);
  expect(res.status, url).toBe(400);
  const { message } = v.parse(ApiErrorBody, await res.json());
  expect((await shop.app.request('/products')).headers.get('etag')).toBe(before);
  return message;
}

const ids = (items: readonly { id: number }[]) => items.map((item) => item.id);

describe('GET /products with a query', () => {
  it('without parameters answers the whole catalogue, newest first, with its total', async () => {
    expect(all.length).toBeGreaterThan(20);
    expect(ids(all)).toEqual([...ids(all)].sort((a, b) => b - a));
    expect((await products('')).total).toBe(all.length);
  });

  it('q matches the name or the description in any case; % and _ are taken literally', async () => {
    const named = all[3]!;
    const word = named.name.split(' ')[0]!;
    const found = await products(`?q=${encodeURIComponent(word.toUpperCase())}`);
    expect(ids(found.products)).toContain(named.id);
    expect(found.total).toBe(found.products.length);
    for (const product of found.products)
      expect(`${product.name} ${product.description}`.toLowerCase()).toContain(word.toLowerCase());
    expect(found.total).toBeLessThan(all.length);

    expect((await products('?q=%25')).total).toBe(0);
    expect((await products('?q=_')).total).toBe(0);
    expect((await products('?q=zzzz-no-such-thing')).products).toEqual([]);
  });

  it('q reads the description as shown: "&" and a non-breaking space match their entities', async () => {
    const category = await shop.db.selectFrom('category').select('id').executeTakeFirstOrThrow();
    const { id } = await shop.db
      .insertInto('product')
      .values({
        name: 'Entity Test Kalash',
        description: '<p>Blessed for the home &amp; family&nbsp;altar</p>',
        price: 900,
        offerPrice: 800,
        image: '/images/products/test.svg',
        stockQuantity: 4,
        categoryId: category.id,
        averageRating: 4,
        totalReviews: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      for (const q of ['home & family', 'FAMILY ALTAR'])
        expect(ids((await products(`?q=${encodeURIComponent(q)}`)).products)).toEqual([id]);
    } finally {
      await shop.db.deleteFrom('product').where('id', '=', id).execute();
    }
  });

  it('category keeps one category; minPrice and maxPrice bound the selling price, inclusive', async () => {
    const categoryId = all[0]!.categoryId;
    const inCategory = await products(`?category=${categoryId}`);
    expect(inCategory.total).toBe(all.filter((p) => p.categoryId === categoryId).length);
    expect(inCategory.products.every((p) => p.categoryId === categoryId)).toBe(true);

    const price = all[5]!.offerPrice;
    const exact = await products(`?minPrice=${price}&maxPrice=${price}`);
    expect(ids(exact.products)).toContain(all[5]!.id);
    expect(exact.products.every((p) => p.offerPrice === price)).toBe(true);

    const cheap = await products('?maxPrice=999');
    expect(cheap.total).toBe(all.filter((p) => p.offerPrice <= 999).length);
    const dear = await products('?minPrice=1000');
    expect(cheap.total + dear.total).toBe(all.length);
  });

  it('sorts by price either way, the newest first among equal prices', async () => {
    const up = (await products('?sort=price-asc')).products;
    const down = (await products('?sort=price-desc')).products;
    expect(up).toHaveLength(all.length);
    for (let i = 1; i < up.length; i++) {
      const [a, b] = [up[i - 1]!, up[i]!];
      expect(a.offerPrice < b.offerPrice || (a.offerPrice === b.offerPrice && a.id > b.id)).toBe(true);
      const [c, d] = [down[i - 1]!, down[i]!];
      expect(c.offerPrice > d.offerPrice || (c.offerPrice === d.offerPrice && c.id > d.id)).toBe(true);
    }
    expect((await products('?sort=newest')).products).toEqual(all);
  });

  it('limit and offset page through the list; the pages make the whole list and the total stays', async () => {
    const pages: Product[] = [];
    for (let offset = 0; offset < all.length; offset += 7) {
      const page = await products(`?sort=price-asc&limit=7&offset=${offset}`);
      expect(page.total).toBe(all.length);
      expect(page.products.length).toBeLessThanOrEqual(7);
      pages.push(...page.products);
    }
    expect(pages).toEqual((await products('?sort=price-asc')).products);
    expect((await products(`?offset=${all.length}`)).products).toEqual([]);
    expect((await products('?offset=2')).products).toEqual(all.slice(2));
    expect((await products(`?limit=${CATALOGUE_PAGE_MAX}`)).products).toHaveLength(Math.min(all.length, 100));
  });

  it.each([
    ['?limit=0', 'limit must be a whole number from 1 to 100'],
    ['?limit=101', 'limit must be a whole number from 1 to 100'],
    ['?limit=ten', 'limit must be a whole number from 1 to 100'],
    ['?limit=', 'limit must be a whole number from 1 to 100'],
    ['?offset=-1', 'offset must be a whole number from 0 to 100000000'],
    ['?minPrice=1.5', 'minPrice must be a whole number from 0 to 100000000'],
    ['?maxPrice=-3', 'maxPrice must be a whole number from 0 to 100000000'],
    ['?minPrice=500&maxPrice=100', 'minPrice must not be more than maxPrice'],
    ['?category=0', 'category must be a whole number from 1 to 100000000'],
    ['?sort=cheapest', 'sort must be one of newest, price-asc, price-desc'],
    [`?q=${'a'.repeat(101)}`, 'q must be at most 100 characters'],
    ['?q=%00', 'The parameter "q" contains characters that are not allowed'],
  ])('GET /products%s is refused: 400 "%s"', async (query, message) => {
    expect(await refused(`/products${query}`)).toBe(message);
  });

  it('ignores parameters it does not know', async () => {
    expect((await products('?colour=saffron')).products).toEqual(all);
  });
});

describe('GET /pujas with a query', () => {
  it('without parameters answers every puja, soonest open first, then the closed, with its total', async () => {
    const list = await pujas('');
    expect(list.total).toBe(list.pujas.length);
    const now = Date.now();
    const isOpen = (p: Puja) => isBookingOpen(p.pujaDate, new Date(now));
    const open = list.pujas.filter(isOpen);
    const closed = list.pujas.filter((p) => !isOpen(p));
    expect(open.length).toBeGreaterThan(1);
    // The seeded puja inside its sankalp lock is the soonest of all, yet closed: it lists after the open.
    expect(closed.some((p) => p.pujaDate && Date.parse(p.pujaDate) > now)).toBe(true);
    expect(ids(list.pujas)).toEqual([...ids(open), ...ids(closed)]);
    const dates = (items: Puja[]) => items.map((p) => Date.parse(p.pujaDate!));
    expect(dates(open)).toEqual([...dates(open)].sort((a, b) => a - b));
    expect(dates(closed)).toEqual([...dates(closed)].sort((a, b) => b - a));
    expect(ids((await pujas('?sort=default')).pujas)).toEqual(ids(list.pujas));
  });

  it('a puja created later with an earlier date lists first; one whose bookings closed lists after the open', async () => {
    const template = await shop.db.selectFrom('puja').selectAll().executeTakeFirstOrThrow();
    const now = Date.now();
    const openSoonest = new Date(now + (SANKALP_LOCK_HOURS + 1) * HOUR_MS).toISOString();
    const locked = new Date(now + (SANKALP_LOCK_HOURS - 1) * HOUR_MS).toISOString();
    const inserted = await shop.db
      .insertInto('puja')
      .values([
        { ...template, id: undefined, pujaName: 'Later Made Sooner Puja', pujaDate: openSoonest },
        { ...template, id: undefined, pujaName: 'Locked Sooner Puja', pujaDate: locked },
        { ...template, id: undefined, pujaName: 'Undated Later Puja', pujaDate: null },
      ])
      .returning('id')
      .execute();
    const [soonest, lockedId, undated] = inserted.map((row) => row.id);
    try {
      const list = ids((await pujas('')).pujas);
      expect(list[0]).toBe(soonest);
      const openCount = (await pujas('')).pujas.filter((p) => isBookingOpen(p.pujaDate, new Date())).length;
      expect(list.indexOf(lockedId!)).toBe(openCount);
      expect(list.at(-1)).toBe(undated);
    } finally {
      await shop.db.deleteFrom('puja').where('id', 'in', [soonest!, lockedId!, undated!]).execute();
    }
  });

  it('when=upcoming keeps pujas dated after now; when=starting-soon those within the window', async () => {
    const every = (await pujas('')).pujas;
    const now = Date.now();
    const upcoming = await pujas('?when=upcoming');
    const soon = await pujas('?when=starting-soon');
    const at = (date: string | null) => (date ? Date.parse(date) : NaN);
    expect(ids(upcoming.pujas)).toEqual(ids(every.filter((p) => at(p.pujaDate) > now)));
    expect(ids(soon.pujas)).toEqual(
      ids(every.filter((p) => at(p.pujaDate) > now && at(p.pujaDate) <= now + STARTING_SOON_DAYS * DAY)),
    );
    expect(soon.total).toBeGreaterThan(0);
    expect(soon.total).toBeLessThan(upcoming.total);
    expect(upcoming.total).toBeLessThan(every.length);
  });

  it('the date filters leave out a puja whose date is missing or unreadable', async () => {
    const template = await shop.db.selectFrom('puja').selectAll().executeTakeFirstOrThrow();
    const inserted = await shop.db
      .insertInto('puja')
      .values([
        { ...template, id: undefined, pujaName: 'Undated Test Puja', pujaDate: null },
        { ...template, id: undefined, pujaName: 'Unreadable Date Test Puja', pujaDate: 'soon' },
      ])
      .returning('id')
      .execute();
    const undated = inserted.map((row) => row.id);
    try {
      expect(ids((await pujas('?q=test puja')).pujas)).toEqual(expect.arrayContaining(undated));
      for (const when of ['upcoming', 'starting-soon'])
        expect(ids((await pujas(`?when=${when}`)).pujas)).not.toEqual(expect.arrayContaining([undated[1]]));
    } finally {
      await shop.db.deleteFrom('puja').where('id', 'in', undated).execute();
    }
  });

  it('q matches the name; price bounds and sort read the cheapest package ("from" price)', async () => {
    const every = (await pujas('')).pujas;
    const word = every[1]!.pujaName.split(' ')[0]!;
    const named = await pujas(`?q=${encodeURIComponent(word.toLowerCase())}`);
    expect(named.pujas.every((p) => p.pujaName.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    expect(ids(named.pujas)).toContain(every[1]!.id);

    const byPrice = (await pujas('?sort=price-asc')).pujas.map((p) => p.fromPrice!);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));
    const cheapest = byPrice[0]!;
    const bounded = await pujas(`?maxPrice=${cheapest}`);
    expect(bounded.pujas.every((p) => p.fromPrice === cheapest)).toBe(true);
    expect(bounded.total).toBeGreaterThan(0);

    const byDate = (await pujas('?sort=date&when=upcoming')).pujas.map((p) => Date.parse(p.pujaDate!));
    expect(byDate).toEqual([...byDate].sort((a, b) => a - b));
    const page = await pujas('?sort=date&when=upcoming&limit=2&offset=1');
    expect(page.pujas.map((p) => Date.parse(p.pujaDate!))).toEqual(byDate.slice(1, 3));
  });

  it.each([
    ['?when=tomorrow', 'when must be one of upcoming, starting-soon'],
    ['?sort=newest', 'sort must be one of default, date, price-asc, price-desc'],
    ['?limit=1000', 'limit must be a whole number from 1 to 100'],
    ['?minPrice=9&maxPrice=1', 'minPrice must not be more than maxPrice'],
    ['?limit=0', 'limit must be a whole number from 1 to 100'],
    ['?limit=', 'limit must be a whole number from 1 to 100'],
    ['?offset=-1', 'offset must be a whole number from 0 to 100000000'],
    ['?offset=1e3', 'offset must be a whole number from 0 to 100000000'],
    ['?minPrice=1.5', 'minPrice must be a whole number from 0 to 100000000'],
    ['?maxPrice=-3', 'maxPrice must be a whole number from 0 to 100000000'],
    ['?when=', 'when must be one of upcoming, starting-soon'],
    [`?q=${'a'.repeat(101)}`, 'q must be at most 100 characters'],
    ['?q=%00', 'The parameter "q" contains characters that are not allowed'],
  ])('GET /pujas%s is refused: 400 "%s"', async (query, message) => {
    expect(await refused(`/pujas${query}`)).toBe(message);
  });
});

describe('catalogue answers kept in memory', () => {
  it('carry an ETag; the same tag gets a bodiless 304; they are re-read from the database', async () => {
    const first = await shop.app.request('/products?limit=3');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await shop.app.request('/products?limit=3', { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('change as soon as the catalogue is written (a stock change), and the old tag no longer matches', async () => {
    const target = all[0]!;
    const before = await shop.app.request(`/products/${target.id}`);
    const etag = before.headers.get('etag')!;
    await shop.db
      .updateTable('product')
      .set({ stockQuantity: target.stockQuantity - 1 })
      .where('id', '=', target.id)
      .execute();
    const after = await shop.app.request(`/products/${target.id}`, { headers: { 'If-None-Match': etag } });
    expect(after.status).toBe(200);
    const { product } = (await after.json()) as { product: Product[] };
    expect(product[0]!.stockQuantity).toBe(target.stockQuantity - 1);
    expect((await products('')).products.find((p) => p.id === target.id)!.stockQuantity).toBe(
      target.stockQuantity - 1,
    );
  });

  it('are sent compressed with brotli or gzip when the client accepts it, the same JSON inside', async () => {
    const plain = await (await shop.app.request('/products')).text();
    const br = await shop.app.request('/products', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brBytes.length).toBeLessThan(plain.length / 3);
    expect(zlib.brotliDecompressSync(brBytes).toString()).toBe(plain);

    const gz = await shop.app.request('/products', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain);
  });
});
