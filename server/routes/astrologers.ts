import { Hono } from 'hono';
import type { AppEnv } from '../app.ts';
import { listAstrologers } from '../db/repositories/catalogue.ts';

export const astrologerRoutes = new Hono<AppEnv>().get('/astrologers/getAllAstrologersWeb', async (c) =>
  c.json(await listAstrologers(c.var.db), 200),
);
