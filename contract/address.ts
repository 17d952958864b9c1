import * as v from 'valibot';
import { requiredText } from './text.ts';

export const MAX_STREET_LENGTH = 200;
export const MAX_PLACE_LENGTH = 100;
/** Most addresses a customer can keep. */
export const MAX_ADDRESSES = 50;

/** The address form's messages (docs/product-rules.md, Addresses): five required fields, lengths and format. */
export const addressMessages = {
  streetRequired: 'Street address is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  postalCodeRequired: 'Postal code is required',
  countryRequired: 'Country is required',
  postalCodeInvalid: 'Postal code must be 3 to 12 letters or digits (spaces and hyphens allowed)',
  isDefaultInvalid: 'isDefault must be true or false',
  notFound: 'Address not found',
  deleted: 'Address deleted',
  tooMany: `You can save at most ${MAX_ADDRESSES} addresses. Please delete one first.`,
  // the SPA's fallbacks (docs/product-rules.md, Messages and errors)
  listFailed: 'Failed to fetch addresses',
  addFailed: 'Failed to add address',
  setDefaultFailed: 'Failed to set address as default',
} as const;

/** Indian PIN codes (560001) and most others: letters and digits, inner spaces or hyphens. */
const POSTAL_CODE = /^[A-Za-z0-9](?:[A-Za-z0-9 -]{1,10})[A-Za-z0-9]$/;

/** POST /api/addresses and PUT /api/addresses/{id}. */
export const AddressInput = v.object({
  street: requiredText('Street address', addressMessages.streetRequired, MAX_STREET_LENGTH),
  city: requiredText('City', addressMessages.cityRequired, MAX_PLACE_LENGTH),
  state: requiredText('State', addressMessages.stateRequired, MAX_PLACE_LENGTH),
  postalCode: v.pipe(
    requiredText('Postal code', addressMessages.postalCodeRequired, 12),
    v.regex(POSTAL_CODE, addressMessages.postalCodeInvalid),
  ),
  country: requiredText('Country', addressMessages.countryRequired, MAX_PLACE_LENGTH),
  isDefault: v.optional(v.boolean(addressMessages.isDefaultInvalid)),
});
export type AddressInput = v.InferOutput<typeof AddressInput>;

export const Address = v.object({
  id: v.number(),
  street: v.string(),
  city: v.string(),
  state: v.string(),
  postalCode: v.string(),
  country: v.string(),
  isDefault: v.boolean(),
});
export type Address = v.InferOutput<typeof Address>;

export const AddressListResponse = v.object({ addresses: v.array(Address) });
export type AddressListResponse = v.InferOutput<typeof AddressListResponse>;

export const AddressResponse = v.object({ address: Address });
export type AddressResponse = v.InferOutput<typeof AddressResponse>;
