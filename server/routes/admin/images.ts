import { Hono } from 'hono';
import { ImageInput, type CatalogueImageResponse } from '../../../contract/admin/images.ts';
import type { AppEnv } from '../../env.ts';
import { catalogueImagesDirOf, makeCatalogueImage } from '../../services/admin/images.ts';
import { readBody } from '../../validate.ts';
import { staffDeps } from './records.ts';

/** Catalogue images made from a staff upload (contract/admin/images.ts). */
export const imageRoutes = new Hono<AppEnv>().post('/api/admin/images', async (c) => {
  const input = await readBody(c, ImageInput);
  const { uploadsDir } = c.var;
  const body: CatalogueImageResponse = {
    image: await makeCatalogueImage(
      staffDeps(c),
      { uploadsDir, imagesDir: catalogueImagesDirOf(uploadsDir) },
      input,
    ),
  };
  return c.json(body, 201);
});
