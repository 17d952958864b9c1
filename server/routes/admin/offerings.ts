import { Hono } from 'hono';
import {
  OfferingInput,
  OfferingUpdate,
  type AdminOffering,
  type AdminOfferingListResponse,
  type AdminOfferingResponse,
} from '../../../contract/offerings.ts';
import type { AppEnv } from '../../env.ts';
import { findPujaForStaff } from '../../db/repositories/admin/pujas.ts';
import { listOfferingsForStaff } from '../../db/repositories/offerings.ts';
import { idParam, notFound } from '../../http.ts';
import { createOffering, editOffering, retireOffering } from '../../services/admin/offerings.ts';
import { addToRoute, editRoute, retireRoutes } from './records.ts';

/**
 * A puja's chadhava offerings in the back office (contract/offerings.ts): every write audited,
 * edits and retirements carry their version (409 with the current).
 */

const answer = (offering: AdminOffering): AdminOfferingResponse => ({ offering });

export const offeringRoutes = new Hono<AppEnv>().get('/api/admin/pujas/:id/offerings', async (c) => {
  const pujaId = idParam(c);
  if (!(await findPujaForStaff(c.var.db, pujaId))) notFound('Puja');
  const body: AdminOfferingListResponse = { offerings: await listOfferingsForStaff(c.var.db, pujaId) };
  return c.json(body, 200);
});
addToRoute(offeringRoutes, '/api/admin/pujas/:id/offerings', OfferingInput, createOffering, answer);
editRoute(offeringRoutes, '/api/admin/offerings/:id', OfferingUpdate, editOffering, answer);
retireRoutes(offeringRoutes, '/api/admin/offerings', retireOffering, answer);
