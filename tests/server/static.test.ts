import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createApp } from '../../server/app.ts';
import { openDb, type Db } from '../../server/db/client.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';

/**
 * The built SPA is served by a static middleware: hashed assets cached for good, the page itself
 * checked each time, and the .br/.gz twins written at build sent to browsers that accept them
 * (docs/decisions/0017-precompressed-assets-served-by-a-static-middleware.md).
 */

const script = `console.log(${JSON.stringify('ॐ '.repeat(400))});\n`;
let dir: string;
let db: Db;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-static-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Shop</title><div id="root"></div>');
  const asset = path.join(dir, 'assets', 'home-Ab12Cd34.js');
  fs.writeFileSync(asset, script);
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(script));
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(script));
  db = await openDb();
  await migrateToLatest(db);
  app = createApp({ db, staticDir: dir });
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the built SPA', () => {
  it('serves the page at / as HTML that the browser checks again each time', async () => {
    const res = await app.request('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<div id="root">');
  });

  it('serves a hashed asset as JavaScript, cached immutably for a year', async () => {
    const res = await app.request('/assets/home-Ab12Cd34.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    expect(await res.text()).toBe(script);
  });

  it.each([
    ['gzip, deflate, br', 'br', (bytes: Buffer) => zlib.brotliDecompressSync(bytes)],
    ['gzip', 'gzip', (bytes: Buffer) => zlib.gunzipSync(bytes)],
  ])(
    'with Accept-Encoding "%s" sends the %s twin made at build, the same script inside',
    async (accept, encoding, open) => {
      const res = await app.request('/assets/home-Ab12Cd34.js', { headers: { 'Accept-Encoding': accept } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(res.headers.get('vary')).toContain('Accept-Encoding');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.length).toBeLessThan(Buffer.byteLength(script) / 4);
      expect(open(bytes).toString()).toBe(script);
    },
  );

  it.each(['/assets/nothing-here.js', '/../package.json', '/assets/%2e%2e/%2e%2e/package.json'])(
    '%s is not found: 404 {message}',
    async (url) => {
      const res = await app.request(url);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Not found' });
    },
  );
});

describe('JSON answers', () => {
  it('other than the catalogue are gzipped on the way for a client that accepts it', async () => {
    const plain = await (await app.request('/api/pincodes/560003')).text();
    const res = await app.request('/api/pincodes/560003', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    expect(zlib.gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(plain);
    expect(JSON.parse(plain)).toMatchObject({ state: 'Karnataka' });
  });
});
