import * as v from 'valibot';
import { PujaPackage } from '../catalogue.ts';
import { MAX_BOOKING_PERSONS } from '../person.ts';
import {
  catalogueLine,
  catalogueMessages,
  catalogueText,
  MAX_TITLE_LENGTH,
  offerWithinPrice,
  rupees,
  Version,
  wholeNumber,
} from './catalogue-fields.ts';

/**
 * A puja's packages in the back office (docs/product-rules.md, Roles and the back office):
 *
 *   POST   /api/admin/pujas/{id}/packages PackageInput         -> 201 AdminPujaResponse
 *   PUT    /api/admin/packages/{id}       PackageInput+version -> AdminPujaResponse
 *   DELETE /api/admin/packages/{id}                            -> AdminPujaResponse (no bookings only)
 */

/** A package as staff read it: the shop's fields, the version an edit starts from, and its bookings. */
export const AdminPackage = v.object({
  ...PujaPackage.entries,
  version: v.number(),
  bookingCount: v.number(),
});
export type AdminPackage = v.InferOutput<typeof AdminPackage>;

const packageFields = {
  title: catalogueLine('Title', MAX_TITLE_LENGTH),
  description: catalogueText('Description', { max: 1000 }),
  noPersons: wholeNumber(catalogueMessages.personsInvalid, 1, MAX_BOOKING_PERSONS),
  price: rupees,
  offerPrice: rupees,
};
export const PackageInput = v.pipe(v.object(packageFields), offerWithinPrice());
export type PackageInput = v.InferOutput<typeof PackageInput>;
export const PackageUpdate = v.pipe(v.object({ ...packageFields, version: Version }), offerWithinPrice());
export type PackageUpdate = v.InferOutput<typeof PackageUpdate>;
