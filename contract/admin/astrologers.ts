import * as v from 'valibot';
import { Astrologer } from '../catalogue.ts';
import { listResponse, recordResponse } from '../envelope.ts';
import { FORBIDDEN_TEXT } from '../text.ts';
import {
  catalogueImage,
  catalogueRecordEntries,
  catalogueLine,
  catalogueMessages,
  catalogueText,
  Version,
  wholeNumber,
} from './catalogue-fields.ts';

/**
 * Astrologers in the back office (docs/product-rules.md, Roles and the back office):
 *
 *   GET  /api/admin/astrologers                              -> AdminAstrologerListResponse
 *   POST /api/admin/astrologers          AstrologerInput     -> 201 AdminAstrologerResponse
 *   GET  /api/admin/astrologers/{id}                         -> AdminAstrologerResponse
 *   PUT  /api/admin/astrologers/{id}     AstrologerInput+version -> AdminAstrologerResponse | 409
 *   POST /api/admin/astrologers/{id}/retire|restore {version} -> AdminAstrologerResponse
 */

const astrologerFields = {
  name: catalogueLine('Name', 100),
  photo: catalogueImage,
  specializations: v.pipe(
    v.array(
      v.pipe(
        v.string(),
        v.trim(),
        v.nonEmpty(),
        v.maxLength(40),
        v.check((s) => !FORBIDDEN_TEXT.test(s)),
      ),
      catalogueMessages.specializationsInvalid,
    ),
    v.minLength(1, catalogueMessages.specializationsInvalid),
    v.maxLength(10, catalogueMessages.specializationsInvalid),
  ),
  experience: wholeNumber(catalogueMessages.experienceInvalid, 0, 80),
  ratePerMinute: wholeNumber(catalogueMessages.rateInvalid, 0, 100_000),
  bio: catalogueText('Bio', { max: 2000 }),
};
export const AstrologerInput = v.object(astrologerFields);
export type AstrologerInput = v.InferOutput<typeof AstrologerInput>;
export const AstrologerUpdate = v.object({ ...astrologerFields, version: Version });
export type AstrologerUpdate = v.InferOutput<typeof AstrologerUpdate>;
export const AdminAstrologer = v.object({ ...Astrologer.entries, ...catalogueRecordEntries });
export type AdminAstrologer = v.InferOutput<typeof AdminAstrologer>;
export const AdminAstrologerListResponse = listResponse('astrologers', AdminAstrologer);
export type AdminAstrologerListResponse = v.InferOutput<typeof AdminAstrologerListResponse>;
export const AdminAstrologerResponse = recordResponse('astrologer', AdminAstrologer);
export type AdminAstrologerResponse = v.InferOutput<typeof AdminAstrologerResponse>;
