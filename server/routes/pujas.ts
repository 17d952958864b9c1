import { Hono } from 'hono';
import type { AppEnv } from '../app.ts';
import { findPuja, listPackages, listPujas } from '../db/repositories/catalogue.ts';
import { idParam, notFound } from '../http.ts';

export const pujaRoutes = new Hono<AppEnv>()
  .get('/pujas', async (c) => c.json({ pujas: await listPujas(c.var.db) }, 200))
  .get('/pujas/:id', async (c) => {
    const puja = await findPuja(c.var.db, idParam(c));
    if (!puja) notFound('Puja');
    return c.json({ pujas: [puja] }, 200);
  })
  .get('/packages/:pujaId', async (c) => {
    const pujaId = idParam(c, 'pujaId');
    if (!(await findPuja(c.var.db, pujaId))) notFound('Puja');
    return c.json({ packages: await listPackages(c.var.db, pujaId) }, 200);
  });
