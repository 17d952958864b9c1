import { Hono } from 'hono';
import {
  CategoryInput,
  CategoryUpdate,
  type AdminCategory,
  type AdminCategoryListResponse,
  type AdminCategoryResponse,
} from '../../../contract/admin/categories.ts';
import type { AppEnv } from '../../env.ts';
import { listCategoriesForStaff } from '../../db/repositories/admin/categories.ts';
import { createCategory, editCategory, retireCategory } from '../../services/admin/categories.ts';
import { createRoute, editRoute, retireRoutes } from './records.ts';

/** The shop's categories in the back office (contract/admin/categories.ts). */

const answer = (category: AdminCategory): AdminCategoryResponse => ({ category });

export const categoryRoutes = new Hono<AppEnv>().get('/api/admin/categories', async (c) => {
  const body: AdminCategoryListResponse = { categories: await listCategoriesForStaff(c.var.db) };
  return c.json(body, 200);
});
createRoute(categoryRoutes, '/api/admin/categories', CategoryInput, createCategory, answer);
editRoute(categoryRoutes, '/api/admin/categories/:id', CategoryUpdate, editCategory, answer);
retireRoutes(categoryRoutes, '/api/admin/categories', retireCategory, answer);
