import {
  AstrologerInput,
  AstrologerUpdate,
  type AdminAstrologer,
  type AdminAstrologerListResponse,
  type AdminAstrologerResponse,
} from '../../../contract/admin/astrologers.ts';
import { findAstrologerForStaff, listAstrologersForStaff } from '../../db/repositories/admin/astrologers.ts';
import { createAstrologer, editAstrologer, retireAstrologer } from '../../services/admin/astrologers.ts';
import { recordRoutes } from './records.ts';

/** Astrologers in the back office (contract/admin/astrologers.ts). */

export const astrologerRoutes = recordRoutes({
  path: '/api/admin/astrologers',
  answer: (astrologer: AdminAstrologer): AdminAstrologerResponse => ({ astrologer }),
  list: async (c): Promise<AdminAstrologerListResponse> => ({
    astrologers: await listAstrologersForStaff(c.var.db),
  }),
  find: { what: 'Astrologer', read: findAstrologerForStaff },
  create: [AstrologerInput, createAstrologer],
  edit: [AstrologerUpdate, editAstrologer],
  retire: retireAstrologer,
});
