/**
 * The back office's catalogue API (docs/product-rules.md, Roles and the back office): every route
 * refuses visitors (401) and customers (403); bad input is a 400 that changes nothing; every write
 * leaves its audit row; an edit from an older version is refused with what is there now; the
 * shop's own answers see each write at once and keep their shapes; stock moves only through the
 * ledger, whose sum stays the stock.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import * as v from 'valibot';
import { catalogueMessages } from '../../contract/admin/catalogue-fields.ts';
import { AdminCategoryListResponse, AdminCategoryResponse } from '../../contract/admin/categories.ts';
import { CatalogueImageResponse } from '../../contract/admin/images.ts';
import { AdminProductResponse, type AdminProduct } from '../../contract/admin/products.ts';
import { AdminPujaListResponse, AdminPujaResponse, type AdminPuja } from '../../contract/admin/pujas.ts';
import { AuditListResponse } from '../../contract/admin/audit.ts';
import { ProductDetailResponse, PujaListResponse, Puja } from '../../contract/catalogue.ts';
import { HOUR_MS, SANKALP_LOCK_HOURS } from '../../contract/policy.ts';
import { unbalancedStock } from '../../server/db/repositories/stock-ledger.ts';
import { call } from '../support/accounts.ts';
import { createLifecycleShop, DAY, HTML, placeOrder, orderEvent, uploadPhoto } from '../support/lifecycle.ts';
import { expectClearRefusal, expectNothingChanged } from '../security/security-shop.ts';
import { shopPerFile } from '../support/prelude.ts';
import { testAuthorisation } from '../support/authorisation.ts';

const shop = shopPerFile(createLifecycleShop);

const as = (token: string | undefined) => (method: string, url: string, json?: unknown) =>
  call(shop.app, method, url, { token, json });
const staff = (method: string, url: string, json?: unknown) => as(shop.staff.token)(method, url, json);

const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

export const pujaBody = (overrides: Record<string, unknown> = {}) => ({
  pujaName: 'Navagraha Shanti Homam',
  place: 'Sri Mookambika Temple, Kollur',
  pujaDate: inDays(7),
  startDate: null,
  description: 'Peace with the nine planets.\n\n- Performed at sunrise\n- Prasad posted to you',
  image: '/images/pujas/saraswati-homam-kollur.svg',
  inDemand: true,
  script: 'kannada',
  benefitTitle1: 'Health',
  benefitDesc1: 'Good health.',
  benefitTitle2: 'Wealth',
  benefitDesc2: 'Prosperity.',
  benefitTitle3: 'Peace',
  benefitDesc3: 'Peace at home.',
  benefitTitle4: 'Protection',
  benefitDesc4: 'From harm.',
  ...testAuthorisation,
  ...overrides,
});
const packageBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Family Sankalpam',
  description: 'Up to four names recited.',
  noPersons: 4,
  price: 3000,
  offerPrice: 2501,
  ...overrides,
});

async function auditRows(entity: string, entityId?: number | string) {
  const res = await staff(
    'GET',
    `/api/admin/audit?entity=${entity}${entityId ? `&entityId=${entityId}` : ''}`,
  );
  expect(res.status).toBe(200);
  return v.parse(AuditListResponse, res.body).entries;
}

async function createPuja(overrides: Record<string, unknown> = {}): Promise<AdminPuja> {
  const res = await staff('POST', '/api/admin/pujas', pujaBody(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return v.parse(AdminPujaResponse, res.body).puja;
}

describe('roles: staff and admins only', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/admin/pujas'],
    ['POST', '/api/admin/pujas', pujaBody()],
    ['GET', '/api/admin/pujas/1'],
    ['PUT', '/api/admin/pujas/1', { ...pujaBody(), version: 1 }],
    ['POST', '/api/admin/pujas/1/retire', { version: 1 }],
    ['POST', '/api/admin/pujas/1/restore', { version: 1 }],
    ['POST', '/api/admin/pujas/1/repeat', { pujaDate: inDays(14) }],
    ['POST', '/api/admin/pujas/1/packages', packageBody()],
    ['PUT', '/api/admin/packages/1', { ...packageBody(), version: 1 }],
    ['DELETE', '/api/admin/packages/1'],
    ['GET', '/api/admin/products'],
    [
      'POST',
      '/api/admin/products',
      { name: 'X', description: 'Y', price: 1, offerPrice: 1, image: '/images/x.svg', categoryId: 1 },
    ],
    ['GET', '/api/admin/products/1'],
    ['PUT', '/api/admin/products/1', { version: 1 }],
    ['POST', '/api/admin/products/1/retire', { version: 1 }],
    ['POST', '/api/admin/products/1/restore', { version: 1 }],
    ['POST', '/api/admin/products/1/stock', { reason: 'received', quantity: 5 }],
    ['GET', '/api/admin/categories'],
    ['POST', '/api/admin/categories', { name: 'Lamps', category: 'lamps', imgUrl: '/images/x.svg' }],
    ['PUT', '/api/admin/categories/1', { version: 1 }],
    ['POST', '/api/admin/categories/1/retire', { version: 1 }],
    ['POST', '/api/admin/categories/1/restore', { version: 1 }],
    ['GET', '/api/admin/astrologers'],
    ['POST', '/api/admin/astrologers', {}],
    ['GET', '/api/admin/astrologers/1'],
    ['PUT', '/api/admin/astrologers/1', { version: 1 }],
    ['POST', '/api/admin/astrologers/1/retire', { version: 1 }],
    ['POST', '/api/admin/astrologers/1/restore', { version: 1 }],
    ['POST', '/api/admin/images', { uploadId: 'upl_aaaaaaaaaaaaaaaaaaaaaaaa', slot: 'puja' }],
  ];
  it.each(routes)(
    '%s %s: 401 for a visitor, 403 for a customer, nothing changed',
    async (method, url, json) => {
      await expectNothingChanged(shop.db, async () => {
        expectClearRefusal(await as(undefined)(method, url, json), 401);
        expectClearRefusal(await as(shop.me.token)(method, url, json), 403);
      });
    },
  );
});

describe('pujas', () => {
  it('creates a puja with its script and in-demand flag, audited, and the shop lists it at once in its own shape', async () => {
    const before = v.parse(PujaListResponse, (await call(shop.app, 'GET', '/pujas')).body).pujas.length;
    const puja = await createPuja();
    expect(puja).toMatchObject({
      pujaName: 'Navagraha Shanti Homam',
      script: 'kannada',
      inDemand: true,
      version: 1,
      packages: [],
    });
    const shopList = (await call(shop.app, 'GET', '/pujas')).body as { pujas: Record<string, unknown>[] };
    expect(shopList.pujas).toHaveLength(before + 1);
    const listed = shopList.pujas.find((p) => p.id === puja.id)!;
    // The shop's answer keeps SPEC.md section 7's fields: nothing only staff see leaks into it.
    // (The temple's script, the offerings and the next date are the puja page's alone: GET /pujas/{id}.)
    expect(Object.keys(listed).sort()).toEqual(
      Object.keys(Puja.entries)
        .filter((key) => key !== 'script' && key !== 'offerings' && key !== 'nextDate')
        .sort(),
    );
    const [row] = await auditRows('puja', puja.id);
    expect(row).toMatchObject({ action: 'puja.create', userName: 'Lakshmi (staff)', before: null });
    expect(row!.after).toMatchObject({ pujaName: 'Navagraha Shanti Homam' });
  });

  it('refuses HTML in a description, and other bad input, with a 400 naming the field, changing nothing', async () => {
    await expectNothingChanged(shop.db, async () => {
      for (const [body, message] of [
        [pujaBody({ description: '<p>Hello</p>' }), /plain text/],
        [pujaBody({ description: 'Hi <script>alert(1)</script>' }), /plain text/],
        [pujaBody({ benefitTitle2: '<b>x</b>' }), /plain text/],
        [pujaBody({ image: 'https://evil.example/x.png' }), /image/],
        [pujaBody({ image: '/images/../../etc/passwd.svg' }), /image/],
        [pujaBody({ script: 'latin' }), /script must be one of/],
        [pujaBody({ pujaDate: 'next week' }), /date/],
        [pujaBody({ startDate: inDays(9) }), /before the puja/],
        [pujaBody({ pujaName: '' }), /Name is required/],
        [pujaBody({ inDemand: 'yes' }), /inDemand/],
      ] as const) {
        const res = await staff('POST', '/api/admin/pujas', body);
        expectClearRefusal(res, 400);
        expect((res.body as { message: string }).message).toMatch(message);
      }
    });
  });

  it('edits with the version it started from; a second save from the same version gets 409 with the current puja, nothing lost', async () => {
    const puja = await createPuja({ pujaName: 'Edit Me Homam' });
    const first = await staff('PUT', `/api/admin/pujas/${puja.id}`, {
      ...pujaBody({ pujaName: 'First Save Homam' }),
      version: 1,
    });
    expect(first.status).toBe(200);
    expect(v.parse(AdminPujaResponse, first.body).puja).toMatchObject({
      pujaName: 'First Save Homam',
      version: 2,
    });
    await expectNothingChanged(shop.db, async () => {
      const second = await as(shop.admin.token)('PUT', `/api/admin/pujas/${puja.id}`, {
        ...pujaBody({ pujaName: 'Second Save Homam' }),
        version: 1,
      });
      expectClearRefusal(second, 409);
      expect(second.body).toMatchObject({
        code: 'edit_conflict',
        current: { pujaName: 'First Save Homam', version: 2 },
      });
    });
    const rows = await auditRows('puja', puja.id);
    expect(rows[0]!.action).toBe('puja.update');
    // The summary names the field by the form's label, not its internal name (docs/decisions/0063).
    expect(rows[0]!.summary).toMatch(/: Name\b/);
    expect(rows[0]!.summary).not.toContain('pujaName');
    expect(rows[0]!.before).toMatchObject({ pujaName: 'Edit Me Homam' });
    expect(rows[0]!.after).toMatchObject({ pujaName: 'First Save Homam' });
  });

  it('adds, edits and deletes packages; a package with bookings cannot be deleted', async () => {
    const puja = await createPuja();
    const added = await staff('POST', `/api/admin/pujas/${puja.id}/packages`, packageBody());
    expect(added.status).toBe(201);
    const pkg = v.parse(AdminPujaResponse, added.body).puja.packages[0]!;
    expect((await call(shop.app, 'GET', `/packages/${puja.id}`)).body).toMatchObject({
      packages: [{ id: pkg.id, title: 'Family Sankalpam', offerPrice: 2501 }],
    });
    expectClearRefusal(
      await staff('POST', `/api/admin/pujas/${puja.id}/packages`, packageBody({ offerPrice: 4000 })),
      400,
    );
    const edited = await staff('PUT', `/api/admin/packages/${pkg.id}`, {
      ...packageBody({ offerPrice: 2401 }),
      version: 1,
    });
    expect(v.parse(AdminPujaResponse, edited.body).puja.packages[0]).toMatchObject({
      offerPrice: 2401,
      version: 2,
    });
    expectClearRefusal(
      await staff('PUT', `/api/admin/packages/${pkg.id}`, { ...packageBody(), version: 1 }),
      409,
    );
    const removed = await staff('DELETE', `/api/admin/packages/${pkg.id}`);
    expect(v.parse(AdminPujaResponse, removed.body).puja.packages).toEqual([]);
    expect((await auditRows('package', pkg.id)).map((r) => r.action)).toEqual([
      'package.delete',
      'package.update',
      'package.create',
    ]);
    // The booked test puja's package has a booking: refused, kept.
    const { book } = await import('../support/lifecycle.ts');
    await book(shop, shop.me, shop.myAddressId);
    await expectNothingChanged(shop.db, async () => {
      expectClearRefusal(await staff('DELETE', `/api/admin/packages/${shop.puja.packages[1]!.id}`), 409);
    });
  });

  it('refuses to repeat a puja on a date in the past (400); the closed puja then links its next date', async () => {
    const puja = await createPuja({ pujaName: 'Pradosha Abhishekam' });
    const past = await staff('POST', `/api/admin/pujas/${puja.id}/repeat`, { pujaDate: inDays(-2) });
    expect(past).toMatchObject({ status: 400, body: { message: 'The new date must be in the future' } });
    const nextRes = await staff('POST', `/api/admin/pujas/${puja.id}/repeat`, { pujaDate: inDays(20) });
    expect(nextRes.status).toBe(201);
    const next = v.parse(AdminPujaResponse, nextRes.body).puja;
    // A later copy is not the next date; nor is one whose booking has closed.
    await staff('POST', `/api/admin/pujas/${puja.id}/repeat`, { pujaDate: inDays(40) });
    await staff('POST', `/api/admin/pujas/${puja.id}/repeat`, {
      pujaDate: new Date(Date.now() + 6 * 3_600_000).toISOString(),
    });
    const read = await call(shop.app, 'GET', `/pujas/${puja.id}`);
    expect((read.body as { pujas: { nextDate: unknown }[] }).pujas[0]!.nextDate).toEqual({
      id: next.id,
      date: next.pujaDate,
    });
    const ofNext = await call(shop.app, 'GET', `/pujas/${next.id}`);
    expect((ofNext.body as { pujas: { nextDate: { id: number } | null }[] }).pujas[0]!.nextDate?.id).not.toBe(
      next.id,
    );
  });

  it('repeats a puja on a new date with its packages, and retires and restores it', async () => {
    const puja = await createPuja({ pujaName: 'Monthly Homam' });
    await staff('POST', `/api/admin/pujas/${puja.id}/packages`, packageBody());
    const res = await staff('POST', `/api/admin/pujas/${puja.id}/repeat`, { pujaDate: inDays(37) });
    expect(res.status).toBe(201);
    const copy = v.parse(AdminPujaResponse, res.body).puja;
    expect(copy.id).not.toBe(puja.id);
    expect(copy).toMatchObject({ pujaName: 'Monthly Homam', script: 'kannada', version: 1, retiredAt: null });
    expect(copy.pujaDate).toBe(inDays(37).slice(0, 13) + copy.pujaDate!.slice(13));
    expect(copy.packages.map((p) => [p.title, p.offerPrice])).toEqual([['Family Sankalpam', 2501]]);
    expect((await auditRows('puja', copy.id))[0]).toMatchObject({ action: 'puja.repeat' });

    const retired = await staff('POST', `/api/admin/pujas/${copy.id}/retire`, { version: 1 });
    expect(v.parse(AdminPujaResponse, retired.body).puja.retiredAt).not.toBeNull();
    expectClearRefusal(await call(shop.app, 'GET', `/pujas/${copy.id}`), 404);
    expectClearRefusal(await staff('POST', `/api/admin/pujas/${copy.id}/packages`, packageBody()), 409);
    const list = v.parse(AdminPujaListResponse, (await staff('GET', '/api/admin/pujas?state=retired')).body);
    expect(list.pujas.map((p) => p.id)).toContain(copy.id);
    const restored = await as(shop.admin.token)('POST', `/api/admin/pujas/${copy.id}/restore`, {
      version: 2,
    });
    expect(v.parse(AdminPujaResponse, restored.body).puja.retiredAt).toBeNull();
    expect((await call(shop.app, 'GET', `/pujas/${copy.id}`)).status).toBe(200);
    // Each step has its audit row: who, what, and the puja before and after.
    const [restoreRow, retireRow] = await auditRows('puja', copy.id);
    expect(retireRow).toMatchObject({
      action: 'puja.retire',
      userName: 'Lakshmi (staff)',
      summary: 'Retired the puja “Monthly Homam”',
      before: { retiredAt: null, version: 1 },
      after: { version: 2 },
    });
    expect(retireRow!.after!.retiredAt).toEqual(expect.any(String));
    expect(restoreRow).toMatchObject({
      action: 'puja.restore',
      userName: 'Gopal (admin)',
      summary: 'Restored the puja “Monthly Homam”',
      before: { retiredAt: retireRow!.after!.retiredAt, version: 2 },
      after: { retiredAt: null, version: 3 },
    });
  });

  it('a staff edit (price, date, availability) shows at once in GET /pujas in the default order, whose answer is cached per minute', async () => {
    // The shop's clock stands still, so every read below falls in one minute and asks for the
    // same cached keys: only the catalogue's change can make them answer anew.
    const list = async (query = '') => {
      const res = await call(shop.app, 'GET', `/pujas${query}`);
      expect(res.status).toBe(200);
      return v.parse(PujaListResponse, res.body).pujas;
    };
    const listed = async (id: number, query = '') => (await list(query)).find((p) => p.id === id);
    const detail = async (id: number) => {
      const res = await call(shop.app, 'GET', `/pujas/${id}`);
      return res.status === 200 ? v.parse(PujaListResponse, res.body).pujas[0] : undefined;
    };
    const puja = await createPuja({ pujaName: 'Rudra Abhishekam', pujaDate: inDays(9) });
    const added = await staff('POST', `/api/admin/pujas/${puja.id}/packages`, packageBody());
    const pkg = v.parse(AdminPujaResponse, added.body).puja.packages[0]!;
    const readAll = async () => ({
      byDefault: await listed(puja.id),
      upcoming: await listed(puja.id, '?when=upcoming'),
      detail: await detail(puja.id),
    });
    // Each per-minute key is read, and kept, before every edit.
    expect((await readAll()).byDefault).toMatchObject({ fromPrice: 2501 });

    const priced = await staff('PUT', `/api/admin/packages/${pkg.id}`, {
      ...packageBody({ offerPrice: 1999 }),
      version: 1,
    });
    expect(priced.status).toBe(200);
    let now = await readAll();
    expect(now.byDefault).toMatchObject({ fromPrice: 1999 });
    expect(now.upcoming).toMatchObject({ fromPrice: 1999 });

    // A later date moves it behind the pujas that now come sooner.
    const later = inDays(60);
    const dated = await staff(
      'PUT',
      `/api/admin/pujas/${puja.id}`,
      pujaBody({ pujaName: 'Rudra Abhishekam', pujaDate: later, version: 1 }),
    );
    expect(dated.status).toBe(200);
    now = await readAll();
    expect(now.byDefault?.pujaDate).toBe(later);
    expect(now.upcoming?.pujaDate).toBe(later);
    expect(now.detail?.pujaDate).toBe(later);
    // Open pujas come soonest first: it stands after every open puja dated before it.
    const closesBefore = new Date(shop.clock.now().getTime() + SANKALP_LOCK_HOURS * HOUR_MS).toISOString();
    const byDefault = await list();
    const sooner = byDefault.filter((p) => p.pujaDate && p.pujaDate > closesBefore && p.pujaDate < later);
    expect(byDefault.findIndex((p) => p.id === puja.id)).toBe(sooner.length);

    // Retired, it leaves every list at once; restored, it comes back.
    expect((await staff('POST', `/api/admin/pujas/${puja.id}/retire`, { version: 2 })).status).toBe(200);
    now = await readAll();
    expect(now).toEqual({ byDefault: undefined, upcoming: undefined, detail: undefined });
    expect((await staff('POST', `/api/admin/pujas/${puja.id}/restore`, { version: 3 })).status).toBe(200);
    now = await readAll();
    expect(now.byDefault).toMatchObject({ id: puja.id, pujaDate: later, fromPrice: 1999 });
    expect(now.upcoming).toMatchObject({ id: puja.id });
    expect(now.detail).toMatchObject({ id: puja.id });
  });

  it('reads the older catalogue’s HTML descriptions as the plain markup the forms edit', async () => {
    const res = await staff('GET', '/api/admin/pujas/1');
    const { puja } = v.parse(AdminPujaResponse, res.body);
    expect(puja.description).not.toMatch(/<|&nbsp;/);
    expect(puja.description).toMatch(/\n- Performed on the Rahu kalam/);
    expect(puja.script).toBe('telugu');
    expectClearRefusal(await staff('GET', '/api/admin/pujas/999999'), 404);
    expectClearRefusal(await staff('GET', '/api/admin/pujas?when=soon'), 400);
  });
});

describe('products and the stock ledger', () => {
  const productBody = (overrides: Record<string, unknown> = {}) => ({
    name: 'Panchamukhi Rudraksha',
    description: 'Five-faced rudraksha from Nepal.',
    price: 1200,
    offerPrice: 999,
    image: '/images/products/rudraksha-5-mukhi.svg',
    categoryId: 1,
    ...overrides,
  });
  let product: AdminProduct;

  it('creates a product without stock; stock comes in as ledger entries, the shop sees it at once', async () => {
    const res = await staff('POST', '/api/admin/products', productBody());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    product = v.parse(AdminProductResponse, res.body).product;
    expect(product).toMatchObject({ stockQuantity: 0, version: 1, ledger: [] });
    const received = await staff('POST', `/api/admin/products/${product.id}/stock`, {
      reason: 'received',
      quantity: 12,
      note: 'From the Kathmandu supplier',
    });
    expect(received.status).toBe(201);
    const after = v.parse(AdminProductResponse, received.body).product;
    expect(after.stockQuantity).toBe(12);
    expect(after.ledger[0]).toMatchObject({
      quantity: 12,
      reason: 'received',
      balance: 12,
      userName: 'Lakshmi (staff)',
    });
    const shopView = v.parse(
      ProductDetailResponse,
      (await call(shop.app, 'GET', `/products/${product.id}`)).body,
    );
    expect(shopView.product[0]!.stockQuantity).toBe(12);
    expect((await auditRows('stock', product.id))[0]).toMatchObject({
      action: 'stock.entry',
      before: { stockQuantity: 0 },
      after: { stockQuantity: 12 },
    });
  });

  it('never lets stock go below 0, needs a note to adjust, and refuses bad entries, changing nothing', async () => {
    await expectNothingChanged(shop.db, async () => {
      const below = await staff('POST', `/api/admin/products/${product.id}/stock`, {
        reason: 'damaged',
        quantity: 13,
      });
      expectClearRefusal(below, 409);
      expect((below.body as { message: string }).message).toBe(
        'Only 12 in stock: the stock cannot go below 0.',
      );
      for (const body of [
        { reason: 'adjusted', quantity: 2, direction: 'remove' },
        { reason: 'order', quantity: 2 },
        { reason: 'received', quantity: 0 },
        { reason: 'received', quantity: -3 },
        { reason: 'received', quantity: 1.5 },
        { reason: 'received', quantity: '3' },
      ])
        expectClearRefusal(await staff('POST', `/api/admin/products/${product.id}/stock`, body), 400);
    });
    const adjusted = await staff('POST', `/api/admin/products/${product.id}/stock`, {
      reason: 'adjusted',
      quantity: 2,
      direction: 'remove',
      note: 'Counted 10 on the shelf',
    });
    expect(v.parse(AdminProductResponse, adjusted.body).product.stockQuantity).toBe(10);
  });

  it('an order takes its units as a ledger entry, a cancel puts them back as another; the ledger sums to the stock', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    await orderEvent(
      shop,
      shop.staff.token,
      order.id,
      { type: 'order.cancel', reason: 'Customer asked' },
      true,
    );
    const { product: diya } = v.parse(
      AdminProductResponse,
      (await staff('GET', `/api/admin/products/${shop.productId}`)).body,
    );
    expect(diya.ledger.slice(0, 3).map((e) => [e.reason, e.quantity, e.orderNumber])).toEqual([
      ['cancelled', 1, order.orderNumber],
      ['order', -1, order.orderNumber],
      ['opening', 1000, null],
    ]);
    expect(await unbalancedStock(shop.db)).toEqual([]);
  });

  it('edits a price with the version it started from (the second save is a conflict), and retires a product out of the shop', async () => {
    const res = await staff('PUT', `/api/admin/products/${product.id}`, {
      ...productBody({ offerPrice: 899 }),
      version: 1,
    });
    expect(v.parse(AdminProductResponse, res.body).product).toMatchObject({
      offerPrice: 899,
      version: 2,
      stockQuantity: 10,
    });
    expect(
      v.parse(ProductDetailResponse, (await call(shop.app, 'GET', `/products/${product.id}`)).body)
        .product[0]!.offerPrice,
    ).toBe(899);
    const late = await as(shop.admin.token)('PUT', `/api/admin/products/${product.id}`, {
      ...productBody({ offerPrice: 950 }),
      version: 1,
    });
    expectClearRefusal(late, 409);
    expect(late.body).toMatchObject({ code: 'edit_conflict', current: { offerPrice: 899 } });
    expectClearRefusal(
      await staff('PUT', `/api/admin/products/${product.id}`, {
        ...productBody({ categoryId: 99999 }),
        version: 2,
      }),
      404,
    );
    expectClearRefusal(
      await staff('PUT', `/api/admin/products/${product.id}`, {
        ...productBody({ description: '<img src=x onerror=alert(1)>' }),
        version: 2,
      }),
      400,
    );
    await staff('POST', `/api/admin/products/${product.id}/retire`, { version: 2 });
    expectClearRefusal(await call(shop.app, 'GET', `/products/${product.id}`), 404);
    expect((await auditRows('product', product.id)).map((r) => r.action)).toEqual([
      'product.retire',
      'product.update',
      'product.create',
    ]);
  });

  it('restores a retired product to the shop, audited with who and the product before and after', async () => {
    const res = await as(shop.admin.token)('POST', `/api/admin/products/${product.id}/restore`, {
      version: 3,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(v.parse(AdminProductResponse, res.body).product).toMatchObject({ retiredAt: null, version: 4 });
    expect((await call(shop.app, 'GET', `/products/${product.id}`)).status).toBe(200);
    const [row] = await auditRows('product', product.id);
    expect(row).toMatchObject({
      action: 'product.restore',
      userName: 'Gopal (admin)',
      summary: 'Restored the product “Panchamukhi Rudraksha”',
      after: { retiredAt: null, version: 4, offerPrice: 899 },
    });
    expect(row!.before).toMatchObject({ version: 3 });
    expect(typeof row!.before!.retiredAt).toBe('string');
  });
});

describe('categories and astrologers', () => {
  it('creates and edits a category, audited, with the shop seeing it at once', async () => {
    const res = await staff('POST', '/api/admin/categories', {
      name: 'Brass Lamps',
      category: 'brass-lamps',
      imgUrl: '/images/categories/idols.svg',
    });
    expect(res.status).toBe(201);
    const { category } = res.body as { category: { id: number; version: number } };
    const { categories } = (await call(shop.app, 'GET', '/categories')).body as {
      categories: { name: string; category: string }[];
    };
    expect(categories).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Brass Lamps', category: 'brass-lamps' })]),
    );
    expectClearRefusal(
      await staff('POST', '/api/admin/categories', {
        name: 'X',
        category: 'Brass Lamps',
        imgUrl: '/images/x.svg',
      }),
      400,
    );
    const edited = await staff('PUT', `/api/admin/categories/${category.id}`, {
      name: 'Lamps',
      category: 'brass-lamps',
      imgUrl: '/images/categories/idols.svg',
      version: 1,
    });
    expect(edited.status).toBe(200);
    expect((await auditRows('category', category.id)).map((r) => r.action)).toEqual([
      'category.update',
      'category.create',
    ]);
  });

  it('adds, edits and retires an astrologer, the shop’s list following', async () => {
    const body = {
      name: 'Jyotishi Test Sharada Iyer',
      photo: '/images/astrologers/astrologer-1.svg',
      specializations: ['Vedic', 'Muhurta'],
      experience: 22,
      ratePerMinute: 30,
      bio: 'Udupi-trained jyotishi.',
    };
    const res = await staff('POST', '/api/admin/astrologers', body);
    expect(res.status).toBe(201);
    const { astrologer } = res.body as { astrologer: { id: number } };
    const names = async () =>
      ((await call(shop.app, 'GET', '/astrologers/getAllAstrologersWeb')).body as { name: string }[]).map(
        (a) => a.name,
      );
    expect(await names()).toContain('Jyotishi Test Sharada Iyer');
    expectClearRefusal(
      await staff('PUT', `/api/admin/astrologers/${astrologer.id}`, {
        ...body,
        specializations: [],
        version: 1,
      }),
      400,
    );
    expect(
      (await staff('PUT', `/api/admin/astrologers/${astrologer.id}`, { ...body, experience: 23, version: 1 }))
        .status,
    ).toBe(200);
    expect(
      (await staff('POST', `/api/admin/astrologers/${astrologer.id}/retire`, { version: 2 })).status,
    ).toBe(200);
    expect(await names()).not.toContain('Jyotishi Test Sharada Iyer');
    expect((await auditRows('astrologer', astrologer.id)).map((r) => r.action)).toEqual([
      'astrologer.retire',
      'astrologer.update',
      'astrologer.create',
    ]);

    // Restored: back in the shop's list, audited with who and before and after.
    expectClearRefusal(
      await staff('POST', `/api/admin/astrologers/${astrologer.id}/restore`, { version: 2 }),
      409,
    );
    expect(
      (await as(shop.admin.token)('POST', `/api/admin/astrologers/${astrologer.id}/restore`, { version: 3 }))
        .status,
    ).toBe(200);
    expect(await names()).toContain('Jyotishi Test Sharada Iyer');
    const [row] = await auditRows('astrologer', astrologer.id);
    expect(row).toMatchObject({
      action: 'astrologer.restore',
      userName: 'Gopal (admin)',
      summary: 'Restored the astrologer “Jyotishi Test Sharada Iyer”',
      after: { retiredAt: null, version: 4, experience: 23 },
    });
    expect(row!.before).toMatchObject({ version: 3 });
    expect(typeof row!.before!.retiredAt).toBe('string');
  });
});

describe('retiring a category', () => {
  const categoryBody = {
    name: 'Diwali Lamps',
    category: 'diwali-lamps',
    imgUrl: '/images/categories/idols.svg',
  };
  const lampBody = (categoryId: number, overrides: Record<string, unknown> = {}) => ({
    name: 'Five-wick Brass Diya',
    description: 'Lit on Deepavali.',
    price: 900,
    offerPrice: 750,
    image: '/images/products/rudraksha-5-mukhi.svg',
    categoryId,
    ...overrides,
  });
  const shopCategories = async () =>
    ((await call(shop.app, 'GET', '/categories')).body as { categories: { id: number }[] }).categories.map(
      (c) => c.id,
    );
  let categoryId: number;
  let lamp: AdminProduct;

  it('refuses while any of its products is in the shop (409, nothing changed), naming how many', async () => {
    const res = await staff('POST', '/api/admin/categories', categoryBody);
    expect(res.status).toBe(201);
    categoryId = v.parse(AdminCategoryResponse, res.body).category.id;
    const made = await staff('POST', '/api/admin/products', lampBody(categoryId));
    lamp = v.parse(AdminProductResponse, made.body).product;
    await expectNothingChanged(shop.db, async () => {
      const refused = await staff('POST', `/api/admin/categories/${categoryId}/retire`, { version: 1 });
      expectClearRefusal(refused, 409);
      expect(refused.body).toEqual({
        code: 'category_has_products',
        message:
          '1 product is still in the shop in this category: move it to another category or retire it first.',
      });
    });
    expect(await shopCategories()).toContain(categoryId);
  });

  it('retires it once its products are retired: out of the shop’s list, audited with who and before and after', async () => {
    expect((await staff('POST', `/api/admin/products/${lamp.id}/retire`, { version: 1 })).status).toBe(200);
    const res = await staff('POST', `/api/admin/categories/${categoryId}/retire`, { version: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { category } = v.parse(AdminCategoryResponse, res.body);
    expect(category).toMatchObject({ id: categoryId, version: 2, productCount: 0 });
    expect(category.retiredAt).toEqual(expect.any(String));
    expect(await shopCategories()).not.toContain(categoryId);
    // Staff still see it, marked retired.
    const listed = v
      .parse(AdminCategoryListResponse, (await staff('GET', '/api/admin/categories')).body)
      .categories.find((c) => c.id === categoryId);
    expect(listed?.retiredAt).toBe(category.retiredAt);
    const [row] = await auditRows('category', categoryId);
    expect(row).toMatchObject({
      action: 'category.retire',
      userName: 'Lakshmi (staff)',
      summary: 'Retired the category “Diwali Lamps”',
      before: { retiredAt: null, version: 1 },
      after: { retiredAt: category.retiredAt, version: 2 },
    });
  });

  it('takes no product into the shop while retired: no new one, none moved in, none restored (409, nothing changed)', async () => {
    const diya = v.parse(
      AdminProductResponse,
      (await staff('GET', `/api/admin/products/${shop.productId}`)).body,
    ).product;
    await expectNothingChanged(shop.db, async () => {
      for (const res of [
        await staff('POST', '/api/admin/products', lampBody(categoryId, { name: 'Another Diya' })),
        await staff('PUT', `/api/admin/products/${diya.id}`, {
          ...lampBody(categoryId),
          version: diya.version,
        }),
        await staff('POST', `/api/admin/products/${lamp.id}/restore`, { version: 2 }),
      ]) {
        expectClearRefusal(res, 409);
        expect(res.body).toMatchObject({
          code: 'category_retired',
          message: 'That category is retired: choose another, or restore the category first.',
        });
      }
    });
    // A retired product may still be corrected where it is.
    const fixed = await staff('PUT', `/api/admin/products/${lamp.id}`, {
      ...lampBody(categoryId, { description: 'Lit on Deepavali and Karthigai.' }),
      version: 2,
    });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
  });

  it('restores it to the shop’s list, audited; then its products can come back', async () => {
    const res = await as(shop.admin.token)('POST', `/api/admin/categories/${categoryId}/restore`, {
      version: 2,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(v.parse(AdminCategoryResponse, res.body).category).toMatchObject({ retiredAt: null, version: 3 });
    expect(await shopCategories()).toContain(categoryId);
    const [row] = await auditRows('category', categoryId);
    expect(row).toMatchObject({
      action: 'category.restore',
      userName: 'Gopal (admin)',
      summary: 'Restored the category “Diwali Lamps”',
      after: { retiredAt: null, version: 3 },
    });
    expect(row!.before).toMatchObject({ version: 2 });
    expect(typeof row!.before!.retiredAt).toBe('string');
    expect((await staff('POST', `/api/admin/products/${lamp.id}/restore`, { version: 3 })).status).toBe(200);
    expect((await call(shop.app, 'GET', `/products/${lamp.id}`)).status).toBe(200);
  });

  it('refuses bad input with a clear 4xx and an older version with the category as it is now, changing nothing', async () => {
    await expectNothingChanged(shop.db, async () => {
      for (const body of [{}, { version: 'x' }, { version: 0 }, { version: 1.5 }, null])
        expectClearRefusal(await staff('POST', `/api/admin/categories/${categoryId}/retire`, body), 400);
      expectClearRefusal(await staff('POST', '/api/admin/categories/abc/retire', { version: 1 }), 400);
      expectClearRefusal(await staff('POST', '/api/admin/categories/999999/retire', { version: 1 }), 404);
      expectClearRefusal(await staff('POST', '/api/admin/categories/999999/restore', { version: 1 }), 404);
      const late = await staff('POST', `/api/admin/categories/${categoryId}/retire`, { version: 2 });
      expectClearRefusal(late, 409);
      expect(late.body).toMatchObject({ code: 'edit_conflict', current: { id: categoryId, version: 3 } });
    });
  });
});

describe('catalogue images', () => {
  it('resizes an uploaded photo for its slot as WebP, served with a year’s caching; refuses what is not a photo', async () => {
    const photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#b45309' } })
      .jpeg()
      .toBuffer();
    const uploadId = await uploadPhoto(shop, shop.staff.token, photo);
    const res = await staff('POST', '/api/admin/images', { uploadId, slot: 'puja' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { image } = v.parse(CatalogueImageResponse, res.body);
    expect(image.sizes.map((s) => s.width)).toEqual([600, 1200]);
    expect(image).toMatchObject({ width: 1200, height: 750 });
    const served = await shop.app.request(image.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 750 });
    expect((await auditRows('image'))[0]).toMatchObject({ action: 'image.create' });
    // The catalogue may name it.
    const puja = await createPuja({ image: image.url });
    expect(puja.image).toBe(image.url);

    // A tiny photo is too small for a puja; HTML never gets past the upload's sniffing.
    const tiny = await uploadPhoto(
      shop,
      shop.staff.token,
      await sharp({ create: { width: 40, height: 40, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    expectClearRefusal(await staff('POST', '/api/admin/images', { uploadId: tiny, slot: 'puja' }), 400);
    const { upload } = await import('../support/lifecycle.ts');
    expect((await upload(shop, shop.staff.token, HTML, 'image/svg+xml')).status).toBe(415);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(shop, shop.staff.token, svg, 'image/svg+xml')).status).toBe(415);
    expectClearRefusal(
      await staff('POST', '/api/admin/images', { uploadId: 'upl_aaaaaaaaaaaaaaaaaaaaaaaa', slot: 'puja' }),
      404,
    );
    expectClearRefusal(await staff('POST', '/api/admin/images', { uploadId, slot: 'banner' }), 400);
    const dir = path.join(path.dirname(shop.uploadsDir), 'catalogue-images');
    expect(fs.readdirSync(dir).every((f) => f.endsWith('.webp'))).toBe(true);
  });

  it('refuses a damaged PNG (its header whole, its pixels cut short) with 415 image_unreadable, storing nothing', async () => {
    const whole = await sharp({
      create: {
        width: 1400,
        height: 900,
        channels: 3,
        background: '#b45309',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    // The header and the first part of the pixel data: sharp reads its size, then cannot decode it.
    const truncated = whole.subarray(0, Math.floor(whole.length / 3));
    expect(await sharp(truncated).metadata()).toMatchObject({ format: 'png', width: 1400 });
    const uploadId = await uploadPhoto(shop, shop.staff.token, truncated);
    const dir = path.join(path.dirname(shop.uploadsDir), 'catalogue-images');
    const before = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
    await expectNothingChanged(shop.db, async () => {
      const res = await staff('POST', '/api/admin/images', { uploadId, slot: 'puja' });
      expectClearRefusal(res, 415);
      expect(res.body).toEqual({ code: 'image_unreadable', message: catalogueMessages.imageUnreadable });
    });
    expect(fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []).toEqual(before);
  });
});
