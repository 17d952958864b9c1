import { Hono } from 'hono';
import {
  AdminPujaQuery,
  PujaInput,
  PujaUpdate,
  RepeatPujaInput,
  type AdminPuja,
  type AdminPujaListResponse,
  type AdminPujaResponse,
} from '../../../contract/admin/pujas.ts';
import type { AppEnv } from '../../env.ts';
import { findPujaForStaff, listPujasForStaff } from '../../db/repositories/admin/pujas.ts';
import { idParam } from '../../http.ts';
import { createPuja, editPuja, repeatPuja, retirePuja } from '../../services/admin/pujas.ts';
import { readBody, readQuery } from '../../validate.ts';
import { createRoute, editRoute, findRoute, retireRoutes, staffDeps } from './records.ts';

/**
 * Pujas in the back office (contract/admin/pujas.ts; docs/product-rules.md, Roles and the back
 * office). The shop's own catalogue answers see every write at once (their cache counts the
 * catalogue tables' writes, docs/decisions/0016).
 */

const answer = (puja: AdminPuja): AdminPujaResponse => ({ puja });

export const pujaRoutes = new Hono<AppEnv>()
  .get('/api/admin/pujas', async (c) => {
    const query = readQuery(c, AdminPujaQuery);
    const body: AdminPujaListResponse = await listPujasForStaff(c.var.db, query, c.var.now());
    return c.json(body, 200);
  })

  .post('/api/admin/pujas/:id/repeat', async (c) => {
    const id = idParam(c);
    const input = await readBody(c, RepeatPujaInput);
    return c.json(answer(await repeatPuja(staffDeps(c), id, input)), 201);
  });
createRoute(pujaRoutes, '/api/admin/pujas', PujaInput, createPuja, answer);
findRoute(pujaRoutes, '/api/admin/pujas/:id', 'Puja', findPujaForStaff, answer);
editRoute(pujaRoutes, '/api/admin/pujas/:id', PujaUpdate, editPuja, answer);
retireRoutes(pujaRoutes, '/api/admin/pujas', retirePuja, answer);
