import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { listAstrologers } from '../db/repositories/catalogue.ts';

export const astrologerRoutes = new Hono<AppEnv>().get('/astrologers/getAllAstrologersWeb', (c) =>
  c.var.catalogue.respond(c, 'astrologers', () => listAstrologers(c.var.db)),
);
