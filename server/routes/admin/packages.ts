import { Hono } from 'hono';
import { PackageInput, PackageUpdate } from '../../../contract/admin/packages.ts';
import type { AdminPuja, AdminPujaResponse } from '../../../contract/admin/pujas.ts';
import type { AppEnv } from '../../env.ts';
import { idParam } from '../../http.ts';
import { addPackage, editPackage, removePackage } from '../../services/admin/packages.ts';
import { readBody } from '../../validate.ts';
import { editRoute, staffDeps } from './records.ts';

/** A puja's packages (contract/admin/packages.ts): every write answers the puja as it is after. */

const answer = (puja: AdminPuja): AdminPujaResponse => ({ puja });

export const packageRoutes = new Hono<AppEnv>()
  .post('/api/admin/pujas/:id/packages', async (c) => {
    const id = idParam(c);
    const input = await readBody(c, PackageInput);
    return c.json(answer(await addPackage(staffDeps(c), id, input)), 201);
  })
  .delete('/api/admin/packages/:id', async (c) => {
    return c.json(answer(await removePackage(staffDeps(c), idParam(c))), 200);
  });
editRoute(packageRoutes, '/api/admin/packages/:id', PackageUpdate, editPackage, answer);
