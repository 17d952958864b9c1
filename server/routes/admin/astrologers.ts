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
import { createAstrologer, editAstrologer, retireAstrologer } from '../../services/admin/astrologers.ts';
import { createRoute, editRoute, findRoute, retireRoutes } from './records.ts';

/** Astrologers in the back office (contract/admin/astrologers.ts). */

const answer = (astrologer: AdminAstrologer): AdminAstrologerResponse => ({ astrologer });

export const astrologerRoutes = new Hono<AppEnv>().get('/api/admin/astrologers', async (c) => {
  const body: AdminAstrologerListResponse = { astrologers: await listAstrologersForStaff(c.var.db) };
  return c.json(body, 200);
});

createRoute(astrologerRoutes, '/api/admin/astrologers', AstrologerInput, createAstrologer, answer);
findRoute(astrologerRoutes, '/api/admin/astrologers/:id', 'Astrologer', findAstrologerForStaff, answer);
editRoute(astrologerRoutes, '/api/admin/astrologers/:id', AstrologerUpdate, editAstrologer, answer);
retireRoutes(astrologerRoutes, '/api/admin/astrologers', retireAstrologer, answer);
