import {
  AdminPujaQuery,
  PujaInput,
  PujaUpdate,
  RepeatPujaInput,
  type AdminPuja,
  type AdminPujaListResponse,
  type AdminPujaResponse,
} from '../../../contract/admin/pujas.ts';
import { findPujaForStaff, listPujasForStaff } from '../../db/repositories/admin/pujas.ts';
import { createPuja, editPuja, repeatPuja, retirePuja } from '../../services/admin/pujas.ts';
import { readQuery } from '../../validate.ts';
import { addToRoute, recordRoutes } from './records.ts';

/**
 * Pujas in the back office (contract/admin/pujas.ts; docs/product-rules.md, Roles and the back
 * office). The shop's own catalogue answers see every write at once (their cache counts the
 * catalogue tables' writes, docs/decisions/0016).
 */

const answer = (puja: AdminPuja): AdminPujaResponse => ({ puja });

export const pujaRoutes = recordRoutes({
  path: '/api/admin/pujas',
  answer,
  list: (c): Promise<AdminPujaListResponse> =>
    listPujasForStaff(c.var.db, readQuery(c, AdminPujaQuery), c.var.now()),
  find: { what: 'Puja', read: findPujaForStaff },
  create: [PujaInput, createPuja],
  edit: [PujaUpdate, editPuja],
  retire: retirePuja,
});
addToRoute(pujaRoutes, '/api/admin/pujas/:id/repeat', RepeatPujaInput, repeatPuja, answer);
