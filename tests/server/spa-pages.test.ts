import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../server/app.ts';
import type { Db } from '../../server/db/client.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { seedCatalogue } from '../../server/db/seed/seed.ts';
import { prefersHtml } from '../../server/spa-pages.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

/**
 * A page's path typed without `#` (issue 23, item 2; docs/decisions/0057-pages-at-their-paths-for-a-browser.md):
 * a browser asking for HTML at a route of the route table gets the SPA, other paths the SPA's
 * "not found" with status 404, and API clients keep their JSON, with `Vary: Accept` at page paths.
 */

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const INDEX = '<!doctype html><title>Shop</title><div id="root"></div>';
let dir: string;
let database: TestDatabase;
let db: Db;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-spa-pages-'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
  database = await createTestDatabase(dir);
  db = await database.open();
  await migrateToLatest(db);
  await seedCatalogue(db);
  app = createApp({ db, staticDir: dir });
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const varies = (res: Response) =>
  (res.headers.get('vary') ?? '').split(',').map((name) => name.trim().toLowerCase());
const get = (url: string, accept?: string) => app.request(url, { headers: accept ? { Accept: accept } : {} });

describe('a browser at a page path', () => {
  it.each([
    '/pujas',
    '/pujas/1',
    '/products',
    '/products/1',
    '/account',
    '/account/orders',
    '/admin',
    '/admin/orders/3',
    '/cart',
    '/refund-policy',
    '/productDetails/2',
  ])('%s gets the SPA, checked each time and varying with Accept', async (url) => {
    const res = await get(url, BROWSER);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(varies(res)).toContain('accept');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(INDEX);
  });

  it.each(['/no-such-page', '/pujas/1/extra', '/packages/1/x'])(
    '%s gets the SPA with status 404',
    async (url) => {
      const res = await get(url, BROWSER);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toBe(INDEX);
    },
  );

  it('keeps JSON under /api, where no page lives', async () => {
    const res = await get('/api/nothing-here', BROWSER);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found' });
  });
});

describe('an API client at the same paths', () => {
  it.each([
    undefined,
    '*/*',
    'application/json',
    'application/json, text/plain, */*',
    'text/html, application/json',
  ])('with Accept %s gets the catalogue as JSON, as before, varying with Accept', async (accept) => {
    const list = await get('/pujas', accept);
    expect(list.status).toBe(200);
    expect(list.headers.get('content-type')).toMatch(/^application\/json/);
    expect(varies(list)).toContain('accept');
    expect(varies(list)).toContain('accept-encoding');
    expect(((await list.json()) as { pujas: unknown[] }).pujas.length).toBeGreaterThan(0);

    const products = await get('/products', accept);
    expect(products.status).toBe(200);
    expect(((await products.json()) as { products: unknown[] }).products.length).toBeGreaterThan(0);
    expect(varies(products)).toContain('accept');

    const one = await get('/products/1', accept);
    expect(one.status).toBe(200);
    expect(varies(one)).toContain('accept');
  });

  it('gets {message} where no API answers, page path or not', async () => {
    for (const url of ['/account', '/admin', '/no-such-page']) {
      const res = await get(url, 'application/json');
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Not found' });
    }
  });
});

describe('prefersHtml', () => {
  it('reads the qualities of the Accept header', () => {
    expect(prefersHtml(BROWSER)).toBe(true);
    expect(prefersHtml('text/html')).toBe(true);
    expect(prefersHtml('application/json;q=0.5, text/html')).toBe(true);
    expect(prefersHtml(undefined)).toBe(false);
    expect(prefersHtml('*/*')).toBe(false);
    expect(prefersHtml('application/json')).toBe(false);
    expect(prefersHtml('text/html;q=0.5, */*')).toBe(false);
    expect(prefersHtml('text/html, application/json')).toBe(false);
  });
});
