import {
  AdminCategoryListResponse,
  AdminCategoryResponse,
  type CategoryInput,
} from '../../../contract/admin/categories.ts';
import { foundIn, recordCalls, staffGet } from './client.ts';

/** A category's calls in the back office: each answers the category as it is after the call. */
const category = recordCalls('/api/admin/categories', AdminCategoryResponse, (answer) => answer.category);

/** Every category, retired ones too, with how many of its products are in the shop. */
export const fetchStaffCategories = (signal?: AbortSignal) =>
  staffGet('/api/admin/categories', AdminCategoryListResponse, signal);

/** A category as staff read it: the list has them all (there is no route for one). */
export const fetchStaffCategory = async (id: number, signal?: AbortSignal) =>
  foundIn((await fetchStaffCategories(signal)).categories, id, 'Category');

/** Creates a category (id null) or saves one with the version its edit started from. */
export const saveStaffCategory = category.save<CategoryInput>;

export const retireStaffCategory = category.retire;
