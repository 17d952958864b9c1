import * as v from 'valibot';
import { MOBILE, normaliseMobile } from './mobile.ts';
import { FORBIDDEN_TEXT, notAllowedMessage, requiredText, tooLongMessage, wireText } from './text.ts';

export const MAX_STREET_LENGTH = 200;
export const MAX_PLACE_LENGTH = 100;
/** Most addresses a customer can keep. */
export const MAX_ADDRESSES = 50;

/** The states and union territories of India, as the State list offers them. */
export const INDIAN_STATES = [
  'Andaman and Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const;
export type IndianState = (typeof INDIAN_STATES)[number];

/** We deliver in India only. */
export const ADDRESS_COUNTRY = 'India';

/**
 * The address form's messages (docs/product-rules.md, Addresses): an Indian address with a
 * recipient and a mobile number, lengths and formats.
 */
export const addressMessages = {
  recipientNameRequired: 'Recipient name is required',
  mobileRequired: 'Mobile number is required',
  mobileInvalid: 'Enter a 10-digit Indian mobile number',
  streetRequired: 'House and street are required',
  areaRequired: 'Area is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  stateInvalid: 'Please choose a state from the list',
  postalCodeRequired: 'PIN code is required',
  postalCodeInvalid: 'PIN code must be 6 digits and cannot start with 0',
  countryInvalid: 'We deliver only in India',
  isDefaultInvalid: 'isDefault must be true or false',
  notFound: 'Address not found',
  deleted: 'Address deleted',
  tooMany: `You can save at most ${MAX_ADDRESSES} addresses. Please delete one first.`,
  pincodeNotFound: 'We could not find this PIN code. Please enter the city and state.',
  // the SPA's fallbacks (docs/product-rules.md, Messages and errors)
  listFailed: 'Failed to fetch addresses',
  addFailed: 'Failed to add address',
  setDefaultFailed: 'Failed to set address as default',
} as const;

/** An Indian PIN code: 6 digits, the first not 0. */
export const PIN_CODE = /^[1-9]\d{5}$/;

export { normaliseMobile };

/** POST /api/addresses and PUT /api/addresses/{id}. */
export const AddressInput = v.object({
  recipientName: requiredText('Recipient name', addressMessages.recipientNameRequired, MAX_PLACE_LENGTH),
  mobile: v.pipe(
    requiredText('Mobile number', addressMessages.mobileRequired, 20),
    v.transform(normaliseMobile),
    v.regex(MOBILE, addressMessages.mobileInvalid),
  ),
  street: requiredText('House and street', addressMessages.streetRequired, MAX_STREET_LENGTH),
  area: requiredText('Area', addressMessages.areaRequired, MAX_PLACE_LENGTH),
  landmark: v.pipe(
    wireText('Landmark must be text'),
    v.trim(),
    v.maxLength(MAX_PLACE_LENGTH, tooLongMessage('Landmark', MAX_PLACE_LENGTH)),
    v.check((value) => !FORBIDDEN_TEXT.test(value), notAllowedMessage('Landmark')),
    v.transform((value) => (value === '' ? null : value)),
  ),
  city: requiredText('City', addressMessages.cityRequired, MAX_PLACE_LENGTH),
  state: v.pipe(
    requiredText('State', addressMessages.stateRequired, MAX_PLACE_LENGTH),
    v.picklist(INDIAN_STATES, addressMessages.stateInvalid),
  ),
  postalCode: v.pipe(
    requiredText('PIN code', addressMessages.postalCodeRequired, 12),
    v.regex(PIN_CODE, addressMessages.postalCodeInvalid),
  ),
  country: v.pipe(
    v.optional(v.string(addressMessages.countryInvalid), ADDRESS_COUNTRY),
    v.trim(),
    v.check((value) => value.toLowerCase() === ADDRESS_COUNTRY.toLowerCase(), addressMessages.countryInvalid),
    v.transform(() => ADDRESS_COUNTRY),
  ),
  isDefault: v.optional(v.boolean(addressMessages.isDefaultInvalid)),
});
export type AddressInput = v.InferOutput<typeof AddressInput>;

/**
 * A saved address. Addresses saved before recipients, mobiles and areas were asked for read
 * back null there, and keep working (docs/product-rules.md, Addresses).
 */
export const Address = v.object({
  id: v.number(),
  recipientName: v.nullable(v.string()),
  mobile: v.nullable(v.string()),
  street: v.string(),
  area: v.nullable(v.string()),
  landmark: v.nullable(v.string()),
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

/** GET /api/pincodes/{pin}: where a PIN code is, for the address form to fill in. */
export const PincodeResponse = v.object({
  pincode: v.string(),
  city: v.string(),
  state: v.picklist(INDIAN_STATES),
});
export type PincodeResponse = v.InferOutput<typeof PincodeResponse>;
