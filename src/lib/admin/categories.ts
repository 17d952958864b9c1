import {
  AdminCategoryListResponse,
  AdminCategoryResponse,
  type CategoryInput,
} from '../../../contract/admin/categories.ts';
import { foundIn, retirePath, staffGet, staffSend } from './client.ts';

const category = (method: 'POST' | 'PUT', path: string, body: unknown, signal?: AbortSignal) =>
  staffSend(method, path, body, AdminCategoryResponse, signal).then((answer) => answer.category);

/** Every category, retired ones too, with how many of its products are in the shop. */
export const fetchStaffCategories = (signal?: AbortSignal) =>
  staffGet('/api/admin/categories', AdminCategoryListResponse, signal);

/** A category as staff read it: the list has them all (there is no route for one). */
export const fetchStaffCategory = async (id: number, signal?: AbortSignal) =>
  foundIn((await fetchStaffCategories(signal)).categories, id, 'Category');

export const saveStaffCategory = (
  id: number | null,
  body: CategoryInput,
  version: number | null,
  signal?: AbortSignal,
) =>
  id === null
    ? category('POST', '/api/admin/categories', body, signal)
    : category('PUT', `/api/admin/categories/${id}`, { ...body, version }, signal);

export const retireStaffCategory = (
  id: number,
  retire: boolean,
  version: number | undefined,
  signal?: AbortSignal,
) => category('POST', retirePath(`/api/admin/categories/${id}`, retire), { version }, signal);
