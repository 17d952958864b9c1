import { Hono } from 'hono';
import {
  AstrologerInput,
  AstrologerUpdate,
  type AdminAstrologer,
  type AdminAstrologerListResponse,
  type AdminAstrologerResponse,
} from '../../../contract/admin/astrologers.ts';
import type { AppEnv } from '../../env.ts';
import { findAstrologerForStaff, listAstrologersForStaff } from '../../db/repositories/admin/astrologers.ts';
import { idParam, notFound } from '../../http.ts';
import { createAstrologer, editAstrologer, retireAstrologer } from '../../services/admin/astrologers.ts';
import { readBody } from '../../validate.ts';
import { editRoute, retireRoutes, staffDeps } from './records.ts';

/** Astrologers in the back office (contract/admin/astrologers.ts). */

const answer = (astrologer: AdminAstrologer): AdminAstrologerResponse => ({ astrologer });

export const astrologerRoutes = new Hono<AppEnv>()
  .get('/api/admin/astrologers', async (c) => {
    const body: AdminAstrologerListResponse = { astrologers: await listAstrologersForStaff(c.var.db) };
    return c.json(body, 200);
  })
  .post('/api/admin/astrologers', async (c) => {
    const input = await readBody(c, AstrologerInput);
    return c.json(answer(await createAstrologer(staffDeps(c), input)), 201);
  })
  .get('/api/admin/astrologers/:id', async (c) => {
    const astrologer = await findAstrologerForStaff(c.var.db, idParam(c));
    if (!astrologer) notFound('Astrologer');
    return c.json(answer(astrologer), 200);
  });
editRoute(astrologerRoutes, '/api/admin/astrologers/:id', AstrologerUpdate, editAstrologer, answer);
retireRoutes(astrologerRoutes, '/api/admin/astrologers', retireAstrologer, answer);
