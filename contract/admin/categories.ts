import * as v from 'valibot';
import { Category } from '../catalogue.ts';
import { listResponse, recordResponse } from '../envelope.ts';
import { tooLongMessage, wireText } from '../text.ts';
import { catalogueImage, catalogueLine, catalogueRecordEntries, Version } from './catalogue-fields.ts';

/**
 * The shop's categories in the back office (docs/product-rules.md, Roles and the back office): a
 * category is retired only once none of its products is in the shop.
 *
 *   GET  /api/admin/categories                             -> AdminCategoryListResponse
 *   POST /api/admin/categories          CategoryInput      -> 201 AdminCategoryResponse
 *   PUT  /api/admin/categories/{id}     CategoryInput+version -> AdminCategoryResponse | 409
 *   POST /api/admin/categories/{id}/retire|restore {version} -> AdminCategoryResponse
 */

/** Category keys are what the shop's URLs use (?category=…): lower-case words and dashes. */
export const CATEGORY_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const categoryFields = {
  name: catalogueLine('Name', 60),
  category: v.pipe(
    wireText('Key must be text'),
    v.trim(),
    v.nonEmpty('Key is required'),
    v.maxLength(40, tooLongMessage('Key', 40)),
    v.regex(CATEGORY_KEY, 'The key is lower-case letters, digits and dashes (e.g. "rudraksha-malas")'),
  ),
  imgUrl: catalogueImage,
};
export const CategoryInput = v.object(categoryFields);
export type CategoryInput = v.InferOutput<typeof CategoryInput>;
export const CategoryUpdate = v.object({ ...categoryFields, version: Version });
export type CategoryUpdate = v.InferOutput<typeof CategoryUpdate>;
export const AdminCategory = v.object({
  ...Category.entries,
  ...catalogueRecordEntries,
  /** Its products in the shop (not retired). */
  productCount: v.number(),
});
export type AdminCategory = v.InferOutput<typeof AdminCategory>;
export const AdminCategoryListResponse = listResponse('categories', AdminCategory);
export type AdminCategoryListResponse = v.InferOutput<typeof AdminCategoryListResponse>;
export const AdminCategoryResponse = recordResponse('category', AdminCategory);
export type AdminCategoryResponse = v.InferOutput<typeof AdminCategoryResponse>;
