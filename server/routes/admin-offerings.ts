import { Hono, type Context } from 'hono';
import { VersionInput } from '../../contract/admin/catalogue-fields.ts';
import {
  OfferingInput,
  OfferingUpdate,
  type AdminOfferingListResponse,
  type AdminOfferingResponse,
} from '../../contract/offerings.ts';
import type { AppEnv } from '../env.ts';
import { findPujaForStaff } from '../db/repositories/admin-catalogue.ts';
import { listOfferingsForStaff } from '../db/repositories/offerings.ts';
import { idParam, notFound } from '../http.ts';
import type { Deps } from '../services/admin-catalogue.ts';
import { createOffering, editOffering, retireOffering } from '../services/admin-offerings.ts';
import { readBody } from '../validate.ts';

const deps = (c: Context<AppEnv>): Deps => ({ db: c.var.db, actor: { id: c.var.user.id }, now: c.var.now() });

/**
 * A puja's chadhava offerings in the back office (contract/offerings.ts): staff or admin token
 * (401 / 403), every write audited, edits and retirements carry their version (409 with the current).
 */
export const adminOfferingRoutes = new Hono<AppEnv>()
  .get('/api/admin/pujas/:id/offerings', async (c) => {
    const pujaId = idParam(c);
    if (!(await findPujaForStaff(c.var.db, pujaId))) notFound('Puja');
    const body: AdminOfferingListResponse = { offerings: await listOfferingsForStaff(c.var.db, pujaId) };
    return c.json(body, 200);
  })
  .post('/api/admin/pujas/:id/offerings', async (c) => {
    const pujaId = idParam(c);
    const body: AdminOfferingResponse = {
      offering: await createOffering(deps(c), pujaId, await readBody(c, OfferingInput)),
    };
    return c.json(body, 201);
  })
  .put('/api/admin/offerings/:id', async (c) => {
    const id = idParam(c);
    const { version, ...input } = await readBody(c, OfferingUpdate);
    const body: AdminOfferingResponse = { offering: await editOffering(deps(c), id, version, input) };
    return c.json(body, 200);
  })
  .post('/api/admin/offerings/:id/retire', async (c) => {
    const id = idParam(c);
    const { version } = await readBody(c, VersionInput);
    const body: AdminOfferingResponse = { offering: await retireOffering(deps(c), id, version, true) };
    return c.json(body, 200);
  })
  .post('/api/admin/offerings/:id/restore', async (c) => {
    const id = idParam(c);
    const { version } = await readBody(c, VersionInput);
    const body: AdminOfferingResponse = { offering: await retireOffering(deps(c), id, version, false) };
    return c.json(body, 200);
  });
