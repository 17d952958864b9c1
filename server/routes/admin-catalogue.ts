import { Hono, type Context } from 'hono';
import path from 'node:path';
import { AstrologerInput, AstrologerUpdate, type AdminAstrologerListResponse, type AdminAstrologerResponse } from '../../contract/admin/astrologers.ts';
import { VersionInput } from '../../contract/admin/catalogue-fields.ts';
import { CategoryInput, CategoryUpdate, type AdminCategoryListResponse, type AdminCategoryResponse } from '../../contract/admin/categories.ts';
import { ImageInput, type CatalogueImageResponse } from '../../contract/admin/images.ts';
import { PackageInput, PackageUpdate } from '../../contract/admin/packages.ts';
import { AdminProductQuery, ProductInput, ProductUpdate, type AdminProductListResponse, type AdminProductResponse } from '../../contract/admin/products.ts';
import { AdminPujaQuery, PujaInput, PujaUpdate, RepeatPujaInput, type AdminPujaListResponse, type AdminPujaResponse } from '../../contract/admin/pujas.ts';
import { StockEntryInput } from '../../contract/admin/stock.ts';
import type { AppEnv } from '../env.ts';
import {
  findAstrologerForStaff,
  findProductForStaff,
  findPujaForStaff,
  listAstrologersForStaff,
  listCategoriesForStaff,
  listProductsForStaff,
  listPujasForStaff,
} from '../db/repositories/admin-catalogue.ts';
import { idParam, notFound } from '../http.ts';
import * as catalogue from '../services/admin-catalogue.ts';
import { makeCatalogueImage } from '../services/catalogue-images.ts';
import { readBody, readQuery } from '../validate.ts';

/**
 * The back office's catalogue (contract/admin-catalogue.ts; docs/product-rules.md, Roles and the
 * back office): staff or admin token on every route (401 / 403). Writes answer the record as it
 * is after them; an edit from an older version answers 409 `edit_conflict` with the current one.
 * The shop's own catalogue answers see every write at once (their cache counts the catalogue
 * tables' writes, docs/decisions/0016).
 */

const deps = (c: Context<AppEnv>): catalogue.Deps => ({
  db: c.var.db,
  actor: { id: c.var.user.id },
  now: c.var.now(),
});

/** Where catalogue images are written: beside the uploads, under DATA_DIR. */
export const catalogueImagesDirOf = (uploadsDir: string) =>
  path.join(path.dirname(uploadsDir), 'catalogue-images');

export const adminCatalogueRoutes = new Hono<AppEnv>()

  // Pujas and packages
  .get('/api/admin/pujas', async (c) => {
    const body: AdminPujaListResponse = await listPujasForStaff(
      c.var.db,
      readQuery(c, AdminPujaQuery),
      c.var.now(),
    );
    return c.json(body, 200);
  })
  .post('/api/admin/pujas', async (c) => {
    const body: AdminPujaResponse = {
      puja: await catalogue.createPuja(deps(c), await readBody(c, PujaInput)),
    };
    return c.json(body, 201);
  })
  .get('/api/admin/pujas/:id', async (c) => {
    const puja = await findPujaForStaff(c.var.db, idParam(c));
    if (!puja) notFound('Puja');
    const body: AdminPujaResponse = { puja };
    return c.json(body, 200);
  })
  .put('/api/admin/pujas/:id', async (c) => {
    const id = idParam(c);
    const { version, ...input } = await readBody(c, PujaUpdate);
    const body: AdminPujaResponse = { puja: await catalogue.editPuja(deps(c), id, version, input) };
    return c.json(body, 200);
  })
  .post('/api/admin/pujas/:id/retire', async (c) => {
    const id = idParam(c);
    const { version } = await readBody(c, VersionInput);
    const body: AdminPujaResponse = { puja: await catalogue.retirePuja(deps(c), id, version, true) };
    return c.json(body, 200);
  })
  .post('/api/admin/pujas/:id/restore', async (c) => {
    const id = idParam(c);
    const { version } = await readBody(c, VersionInput);
    const body: AdminPujaResponse = { puja: await catalogue.retirePuja(deps(c), id, version, false) };
    return c.json(body, 200);
  })
  .post('/api/admin/pujas/:id/repeat', async (c) => {
    const id = idParam(c);
    const body: AdminPujaResponse = {
      puja: await catalogue.repeatPuja(deps(c), id, await readBody(c, RepeatPujaInput)),
    };
    return c.json(body, 201);
  })
  .post('/api/admin/pujas/:id/packages', async (c) => {
    const id = idParam(c);
    const body: AdminPujaResponse = {
      puja: await catalogue.addPackage(deps(c), id, await readBody(c, PackageInput)),
    };
    return c.json(body, 201);
  })
  .put('/api/admin/packages/:id', async (c) => {
    const id = idParam(c);
    const { version, ...input } = await readBody(c, PackageUpdate);
    const body: AdminPujaResponse = { puja: await catalogue.editPackage(deps(c), id, version, input) };
    return c.json(body, 200);
  })
  .delete('/api/admin/packages/:id', async (c) => {
    const body: AdminPujaResponse = { puja: await catalogue.removePackage(deps(c), idParam(c)) };
    return c.json(body, 200);
  })

  // Products and stock
  .get('/api/admin/products', async (c) => {
    const body: AdminProductListResponse = await listProductsForStaff(
      c.var.db,
      readQuery(c, AdminProductQuery),
    );
    return c.json(body, 200);
  })
  .post('/api/admin/products', async (c) => {
    const body: AdminProductResponse = {
      product: await catalogue.createProduct(deps(c), await readBody(c, ProductInput)),
    };
    return c.json(body, 201);
  })
  .get('/api/admin/products/:id', async (c) => {
    const product = await findProductForStaff(c.var.db, idParam(c));
    if (!product) notFound('Product');
    const body: AdminProductResponse = { product };
    return c.json(body, 200);
  })
  .put('/api/admin/products/:id', async (c) => {
    const id = idParam(c);
    const { version, ...input } = await readBody(c, ProductUpdate);
    const body: AdminProductResponse = { product: await catalogue.editProduct(deps(c), id, version, input) };
    return c.json(body, 200);
  })
  .post('/api/admin/products/:id/retire', async (c) => {
    const id = idParam(c);
    const { version } = await readBody(c, VersionInput);
    const body: AdminProductResponse = { product: await catalogue.retireProduct(deps(c), id, version, true) };
    return c.json(body, 200);
  })
  .post('/api/admin/products/:id/restore', async (c) => {
    const id = idParam(c);
    const { version } = await readBody(c, VersionInput);
    const body: AdminProductResponse = {
      product: await catalogue.retireProduct(deps(c), id, version, false),
    };
    return c.json(body, 200);
  })
  .post('/api/admin/products/:id/stock', async (c) => {
    const id = idParam(c);
    const body: AdminProductResponse = {
      product: await catalogue.recordStock(deps(c), id, await readBody(c, StockEntryInput)),
    };
    return c.json(body, 201);
  })

  // Categories and astrologers
  .get('/api/admin/categories', async (c) => {
    const body: AdminCategoryListResponse = { categories: await listCategoriesForStaff(c.var.db) };
    return c.json(body, 200);
  })
  .post('/api/admin/categories', async (c) => {
    const body: AdminCategoryResponse = {
      category: await catalogue.createCategory(deps(c), await readBody(c, CategoryInput)),
    };
    return c.json(body, 201);
  })
  .put('/api/admin/categories/:id', async (c) => {
    const id = idParam(c);
    const { version, ...input } = await readBody(c, CategoryUpdate);
    const body: AdminCategoryResponse = {
      category: await catalogue.editCategory(deps(c), id, version, input),
    };
    return c.json(body, 200);
  })
  .post('/api/admin/categories/:id/retire', async (c) => {
    const id = idParam(c);
    const { version } = await readBody(c, VersionInput);
    const body: AdminCategoryResponse = {
      category: await catalogue.retireCategory(deps(c), id, version, true),
    };
    return c.json(body, 200);
  })
  .post('/api/admin/categories/:id/restore', async (c) => {
    const id = idParam(c);
    const { version } = await readBody(c, VersionInput);
    const body: AdminCategoryResponse = {
      category: await catalogue.retireCategory(deps(c), id, version, false),
    };
    return c.json(body, 200);
  })
  .get('/api/admin/astrologers', async (c) => {
    const body: AdminAstrologerListResponse = { astrologers: await listAstrologersForStaff(c.var.db) };
    return c.json(body, 200);
  })
  .post('/api/admin/astrologers', async (c) => {
    const body: AdminAstrologerResponse = {
      astrologer: await catalogue.createAstrologer(deps(c), await readBody(c, AstrologerInput)),
    };
    return c.json(body, 201);
  })
  .get('/api/admin/astrologers/:id', async (c) => {
    const astrologer = await findAstrologerForStaff(c.var.db, idParam(c));
    if (!astrologer) notFound('Astrologer');
    const body: AdminAstrologerResponse = { astrologer };
    return c.json(body, 200);
  })
  .put('/api/admin/astrologers/:id', async (c) => {
    const id = idParam(c);
    const { version, ...input } = await readBody(c, AstrologerUpdate);
    const body: AdminAstrologerResponse = {
      astrologer: await catalogue.editAstrologer(deps(c), id, version, input),
    };
    return c.json(body, 200);
  })
  .post('/api/admin/astrologers/:id/retire', async (c) => {
    const id = idParam(c);
    const { version } = await readBody(c, VersionInput);
    const body: AdminAstrologerResponse = {
      astrologer: await catalogue.retireAstrologer(deps(c), id, version, true),
    };
    return c.json(body, 200);
  })
  .post('/api/admin/astrologers/:id/restore', async (c) => {
    const id = idParam(c);
    const { version } = await readBody(c, VersionInput);
    const body: AdminAstrologerResponse = {
      astrologer: await catalogue.retireAstrologer(deps(c), id, version, false),
    };
    return c.json(body, 200);
  })

  // Images
  .post('/api/admin/images', async (c) => {
    const input = await readBody(c, ImageInput);
    const body: CatalogueImageResponse = {
      image: await makeCatalogueImage(
        deps(c),
        { uploadsDir: c.var.uploadsDir, imagesDir: catalogueImagesDirOf(c.var.uploadsDir) },
        input,
      ),
    };
    return c.json(body, 201);
  });
