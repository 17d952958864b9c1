import {
  CategoryInput,
  CategoryUpdate,
  type AdminCategory,
  type AdminCategoryListResponse,
  type AdminCategoryResponse,
} from '../../../contract/admin/categories.ts';
import { listCategoriesForStaff } from '../../db/repositories/admin/categories.ts';
import { createCategory, editCategory, retireCategory } from '../../services/admin/categories.ts';
import { recordRoutes } from './records.ts';

/** The shop's categories in the back office (contract/admin/categories.ts). */

export const categoryRoutes = recordRoutes({
  path: '/api/admin/categories',
  answer: (category: AdminCategory): AdminCategoryResponse => ({ category }),
  list: async (c): Promise<AdminCategoryListResponse> => ({
    categories: await listCategoriesForStaff(c.var.db),
  }),
  create: [CategoryInput, createCategory],
  edit: [CategoryUpdate, editCategory],
  retire: retireCategory,
});
