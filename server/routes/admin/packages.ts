import { Hono } from 'hono';
import { PackageInput, PackageUpdate } from '../../../contract/admin/packages.ts';
import type { AdminPuja, AdminPujaResponse } from '../../../contract/admin/pujas.ts';
import type { AppEnv } from '../../env.ts';
import { idParam } from '../../http.ts';
import { addPackage, editPackage, removePackage } from '../../services/admin/packages.ts';
import { addToRoute, editRoute, staffDeps } from './records.ts';

/** A puja's packages (contract/admin/packages.ts): every write answers the puja as it is after. */

const answer = (puja: AdminPuja): AdminPujaResponse => ({ puja });

export const packageRoutes = new Hono<AppEnv>().delete('/api/admin/packages/:id', async (c) => {
  return c.json(answer(await removePackage(staffDeps(c), idParam(c))), 200);
});
addToRoute(packageRoutes, '/api/admin/pujas/:id/packages', PackageInput, addPackage, answer);
editRoute(packageRoutes, '/api/admin/packages/:id', PackageUpdate, editPackage, answer);
