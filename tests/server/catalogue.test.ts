import { isBookingOpen } from '../../contract/policy.ts';
import fs from 'node:fs';
import { TEMPLE_SCRIPTS } from '../../contract/temple-script.ts';
import os from 'node:os';
import path from 'node:path';
import * as v from 'valibot';
import {
  ApiErrorBody,
  AstrologerListResponse,
  CategoryListResponse,
  PackageListResponse,
  Product,
  ProductDetailResponse,
  ProductListResponse,
  Puja,
  PujaListResponse,
  type Category,
} from '../../contract/catalogue.ts';
import { readServerConfig } from '../../server/config.ts';
import { isCatalogueEmpty } from '../../server/db/seed/seed.ts';
import { prepareDb } from '../../server/start.ts';
import { captureLogger } from '../support/logs.ts';
import { createTestDatabase, createTestShop } from '../support/test-db.ts';
import { shopPerFile } from '../support/prelude.ts';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-03-10T06:30:00.000Z');

const shop = shopPerFile(() => createTestShop({ now }));
async function get(url: string) {
  const res = await shop.app.request(url);
  const body: unknown = res.headers.get('content-type')?.includes('json')
    ? await res.json()
    : await res.text();
  return { status: res.status, type: res.headers.get('content-type') ?? '', body };
}

async function getOk<S extends v.GenericSchema>(url: string, schema: S): Promise<v.InferOutput<S>> {
  const { status, body } = await get(url);
  expect(status, url).toBe(200);
  return v.parse(schema, body);
}

async function expectError(url: string, status: number) {
  const res = await get(url);
  expect(res.status, url).toBe(status);
  expect(res.type).toContain('application/json');
  const { message } = v.parse(ApiErrorBody, res.body);
  expect(message.length).toBeGreaterThan(0);
  return message;
}

const sortedKeys = (o: object) => Object.keys(o).sort();
const badIds = ['abc', '1.5', '-1', '0', '1e3'];

describe('GET /pujas', () => {
  it('lists every puja with exactly the contract fields', async () => {
    const { pujas } = await getOk('/pujas', PujaListResponse);
    expect(pujas.length).toBeGreaterThanOrEqual(12);
    // The script, the offerings and the next date are the detail's alone (GET /pujas/{id}).
    const fields = Object.keys(Puja.entries)
      .filter((key) => key !== 'script' && key !== 'offerings' && key !== 'nextDate')
      .sort();
    for (const puja of pujas) {
      expect(sortedKeys(puja)).toEqual(fields);
      expect(typeof puja.inDemand).toBe('boolean');
      expect(puja.image).toMatch(/^\/images\/pujas\/[a-z0-9-]+\.svg$/);
    }
    // Soonest open first, then the closed (docs/product-rules.md, Catalogue queries).
    const open = pujas.filter((p) => isBookingOpen(p.pujaDate, new Date()));
    expect(pujas.slice(0, open.length)).toEqual(open);
    const openDates = open.map((p) => Date.parse(p.pujaDate!));
    expect(openDates).toEqual([...openDates].sort((a, b) => a - b));
  });

  it('has closed, closing-soon and later pujas relative to the seeding time', async () => {
    const { pujas } = await getOk('/pujas', PujaListResponse);
    const closesAt = pujas.map((p) =>
      p.pujaDate === null ? Number.NaN : Date.parse(p.pujaDate) - now.getTime(),
    );
    expect(closesAt.every((ms) => Number.isFinite(ms))).toBe(true);
    expect(closesAt.filter((ms) => ms <= 0).length).toBeGreaterThanOrEqual(1);
    expect(closesAt.filter((ms) => ms > 0 && ms <= 7 * DAY).length).toBeGreaterThanOrEqual(1);
    expect(closesAt.filter((ms) => ms > 7 * DAY).length).toBeGreaterThanOrEqual(1);
  });

  it('has some in-demand pujas and one without a start date', async () => {
    const { pujas } = await getOk('/pujas', PujaListResponse);
    expect(pujas.some((p) => p.inDemand)).toBe(true);
    expect(pujas.some((p) => !p.inDemand)).toBe(true);
    expect(pujas.filter((p) => p.startDate === null)).toHaveLength(1);
  });

  it('adds fromPrice, the cheapest package offer price, and null for a puja without packages', async () => {
    const { pujas } = await getOk('/pujas', PujaListResponse);
    for (const puja of pujas) {
      const { packages } = await getOk(`/packages/${puja.id}`, PackageListResponse);
      expect(puja.fromPrice, puja.pujaName).toBe(Math.min(...packages.map((p) => p.offerPrice)));
    }
    const { id } = await shop.db
      .insertInto('puja')
      .values({
        ...(await shop.db.selectFrom('puja').selectAll().executeTakeFirstOrThrow()),
        id: undefined,
        pujaName: 'Bare',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const bare = (await getOk('/pujas', PujaListResponse)).pujas.find((p) => p.id === id);
    expect(bare?.fromPrice).toBeNull();
    await shop.db.deleteFrom('puja').where('id', '=', id).execute();
  });

  it('keeps HTML and non-breaking-space entities in descriptions', async () => {
    const { pujas } = await getOk('/pujas', PujaListResponse);
    expect(pujas.every((p) => p.description.includes('<p>'))).toBe(true);
    expect(pujas.some((p) => p.description.includes('&nbsp;'))).toBe(true);
  });
});

describe('GET /pujas/{id}', () => {
  it('wraps the one puja in a pujas array, with its temple script and its offerings', async () => {
    const { pujas } = await getOk('/pujas', PujaListResponse);
    const first = pujas[0]!;
    const detail = await getOk(`/pujas/${first.id}`, PujaListResponse);
    const { script, offerings, nextDate, ...sectionSeven } = detail.pujas[0]!;
    expect(detail.pujas).toHaveLength(1);
    expect(sectionSeven).toEqual(first);
    // An open puja has no "next date" to point to (a closed one links its next open date).
    expect(nextDate ?? null).toBeNull();
    expect(TEMPLE_SCRIPTS).toContain(script);
    // Every demo puja offers flowers, a lamp, vastra and annadanam, none chosen for the devotee.
    expect(offerings?.map((o) => [o.name, o.delivery])).toEqual([
      ['Flower garland', 'temple'],
      ['Ghee lamp', 'temple'],
      ['Vastra', 'prasad'],
      ['Annadanam', 'temple'],
    ]);
  });

  it('answers 404 {message} for an unknown id', async () => {
    expect(await expectError('/pujas/99999', 404)).toMatch(/not found/i);
  });

  it.each(badIds)('answers 400 {message} for id %s', async (id) => {
    await expectError(`/pujas/${id}`, 400);
  });
});

describe('GET /packages/{pujaId}', () => {
  it('lists 2-4 packages of that puja only, sorted by group size', async () => {
    const { pujas } = await getOk('/pujas', PujaListResponse);
    const seen = new Set<number>();
    for (const puja of pujas) {
      const { packages } = await getOk(`/packages/${puja.id}`, PackageListResponse);
      expect(packages.length, puja.pujaName).toBeGreaterThanOrEqual(2);
      expect(packages.length, puja.pujaName).toBeLessThanOrEqual(4);
      const persons = packages.map((p) => p.noPersons);
      expect(persons).toEqual([...persons].sort((a, b) => a - b));
      for (const pkg of packages) {
        expect(pkg.pujaId).toBe(puja.id);
        expect(seen.has(pkg.id)).toBe(false);
        seen.add(pkg.id);
        expect(Number.isInteger(pkg.price) && Number.isInteger(pkg.offerPrice)).toBe(true);
        expect(pkg.offerPrice).toBeGreaterThan(0);
        expect(pkg.offerPrice).toBeLessThanOrEqual(pkg.price);
      }
    }
  });

  it('answers 404 for an unknown puja and 400 for a bad id', async () => {
    await expectError('/packages/99999', 404);
    for (const id of badIds) await expectError(`/packages/${id}`, 400);
  });
});

describe('GET /products', () => {
  it('lists products newest first with the category name joined', async () => {
    const { products } = await getOk('/products', ProductListResponse);
    const { categories } = await getOk('/categories', CategoryListResponse);
    const byId = new Map<number, Category>(categories.map((c) => [c.id, c]));
    const fields = Object.keys(Product.entries).sort();
    expect(products.length).toBeGreaterThanOrEqual(30);
    expect(products.map((p) => p.id)).toEqual([...products.map((p) => p.id)].sort((a, b) => b - a));
    for (const p of products) {
      expect(sortedKeys(p)).toEqual(fields);
      expect(p.category).toBe(byId.get(p.categoryId)?.category);
      expect(p.offerPrice).toBeLessThanOrEqual(p.price);
      expect(Number.isInteger(p.price) && Number.isInteger(p.offerPrice)).toBe(true);
      expect(p.averageRating).toBeGreaterThanOrEqual(0);
      expect(p.averageRating).toBeLessThanOrEqual(5);
    }
  });

  it('covers out-of-stock, low-stock, price-filter and rating cases', async () => {
    const { products } = await getOk('/products', ProductListResponse);
    expect(products.filter((p) => p.stockQuantity <= 0).length).toBeGreaterThanOrEqual(1);
    expect(
      products.filter((p) => p.stockQuantity >= 1 && p.stockQuantity <= 5).length,
    ).toBeGreaterThanOrEqual(1);
    expect(products.some((p) => p.offerPrice > 10000)).toBe(true);
    expect(products.filter((p) => p.offerPrice <= 10000).length).toBeGreaterThan(products.length / 2);
    const fraction = (r: number) => Math.round((r % 1) * 10) / 10;
    expect(products.some((p) => fraction(p.averageRating) >= 0.5)).toBe(true);
    expect(products.some((p) => fraction(p.averageRating) < 0.5)).toBe(true);
    // The detail page cuts a short description at 150 characters, so most must be longer.
    expect(products.filter((p) => p.description.length > 200).length).toBeGreaterThan(products.length / 2);
  });
});

describe('GET /products/{id}', () => {
  it('wraps the one product in a product array', async () => {
    const { products } = await getOk('/products', ProductListResponse);
    const last = products[products.length - 1]!;
    const detail = await getOk(`/products/${last.id}`, ProductDetailResponse);
    expect(detail.product).toEqual([last]);
  });

  it('answers 404 for an unknown id and 400 for a bad one', async () => {
    expect(await expectError('/products/99999', 404)).toMatch(/not found/i);
    for (const id of badIds) await expectError(`/products/${id}`, 400);
  });
});

describe('GET /categories', () => {
  it('lists at least six categories, each used by some product', async () => {
    const { categories } = await getOk('/categories', CategoryListResponse);
    const { products } = await getOk('/products', ProductListResponse);
    expect(categories.length).toBeGreaterThanOrEqual(6);
    for (const c of categories) {
      expect(sortedKeys(c)).toEqual(['category', 'id', 'imgUrl', 'name']);
      expect(products.some((p) => p.categoryId === c.id)).toBe(true);
    }
  });
});

describe('GET /astrologers/getAllAstrologersWeb', () => {
  it('answers a bare array with specializations as strings', async () => {
    const { body, status } = await get('/astrologers/getAllAstrologersWeb');
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    const astrologers = v.parse(AstrologerListResponse, body);
    expect(astrologers.length).toBeGreaterThanOrEqual(12);
    for (const a of astrologers) {
      expect(a.specializations.length).toBeGreaterThanOrEqual(1);
      expect(a.specializations.every((s) => typeof s === 'string' && s.length > 0)).toBe(true);
      expect(a.experience).toBeGreaterThan(0);
      expect(a.ratePerMinute).toBeGreaterThan(0);
    }
  });
});

describe('GET /images', () => {
  it('serves every image the API references as SVG', async () => {
    const { pujas } = await getOk('/pujas', PujaListResponse);
    const { products } = await getOk('/products', ProductListResponse);
    const { categories } = await getOk('/categories', CategoryListResponse);
    const astrologers = await getOk('/astrologers/getAllAstrologersWeb', AstrologerListResponse);
    const paths = new Set([
      ...pujas.map((p) => p.image),
      ...products.map((p) => p.image),
      ...categories.map((c) => c.imgUrl),
      ...astrologers.map((a) => a.photo),
      '/images/placeholder.svg',
    ]);
    for (const url of paths) {
      const res = await shop.app.request(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toMatch(/^image\/svg\+xml(;|$)/);
      const text = await res.text();
      expect(text, url).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
      expect(Buffer.byteLength(text), url).toBeLessThan(4096);
    }
  });

  it('refuses paths outside the images folder and unknown images', async () => {
    await expectError('/images/../app.ts', 404);
    await expectError('/images/%2e%2e/app.ts', 404);
    await expectError('/images/%2e%2e%2fapp.ts', 404);
    await expectError('/images/pujas/no-such-puja.svg', 404);
    await expectError('/images/%E0%A4%A', 404);
  });
});

describe('seeding', () => {
  it('sets puja dates relative to the given now', async () => {
    const fixed = new Date('2031-01-15T12:00:00.000Z');
    const other = await createTestShop({ now: fixed });
    try {
      const res = await other.app.request('/pujas?sort=date');
      const { pujas } = v.parse(PujaListResponse, await res.json());
      const { pujas: ours } = await getOk('/pujas?sort=date', PujaListResponse);
      const offset = fixed.getTime() - now.getTime();
      pujas.forEach((p, i) => {
        const mine = ours[i]!;
        expect(p.pujaName).toBe(mine.pujaName);
        expect(Date.parse(p.pujaDate!) - Date.parse(mine.pujaDate!)).toBe(offset);
        if (p.startDate) expect(Date.parse(p.startDate) - Date.parse(mine.startDate!)).toBe(offset);
      });
      expect(pujas.some((p) => Date.parse(p.pujaDate!) < fixed.getTime())).toBe(true);
      expect(pujas.every((p) => Math.abs(Date.parse(p.pujaDate!) - fixed.getTime()) < 90 * DAY)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('reports an unseeded catalogue as empty and a seeded one as not', async () => {
    const empty = await createTestShop({ seed: false });
    try {
      expect(await isCatalogueEmpty(empty.db)).toBe(true);
      const { pujas } = v.parse(PujaListResponse, await (await empty.app.request('/pujas')).json());
      expect(pujas).toEqual([]);
    } finally {
      await empty.close();
    }
    expect(await isCatalogueEmpty(shop.db)).toBe(false);
  });

  it('seeds on the first start only; later starts keep the data', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-start-'));
    const database = await createTestDatabase(dataDir);
    const { logger, lines } = captureLogger();
    try {
      // The server's own start-up path, on the database under test (DATABASE_URL on PostgreSQL).
      const config = readServerConfig({ DATA_DIR: dataDir, DATABASE_URL: database.url ?? '' });
      const count = async (db: Awaited<ReturnType<typeof prepareDb>>) =>
        (await db.selectFrom('puja').select('id').execute()).length;

      const first = await prepareDb(config, logger);
      const seeded = await count(first);
      expect(seeded).toBeGreaterThanOrEqual(12);
      await first.destroy();

      const second = await prepareDb(config, logger);
      expect(await count(second)).toBe(seeded);
      expect(await second.selectFrom('product').select('id').execute()).toHaveLength(
        (await getOk('/products', ProductListResponse)).products.length,
      );
      await second.destroy();
      expect(lines().filter((line) => line.msg === 'Seeded the demo catalogue')).toHaveLength(1);
    } finally {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
