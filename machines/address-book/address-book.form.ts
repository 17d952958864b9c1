import * as v from 'valibot';
import { AddressInput, type Address } from '../../contract/address.ts';

/** The text fields of the address form, in the order they are shown (country is fixed: India). */
export const addressFields = [
  'recipientName',
  'mobile',
  'street',
  'area',
  'landmark',
  'postalCode',
  'city',
  'state',
] as const;
export type AddressField = (typeof addressFields)[number];

/** What the form holds while the customer types: raw text, not yet trimmed or checked. */
export type AddressFormValues = Record<AddressField, string> & { isDefault: boolean };

/** One message per field, the first rule that field breaks. */
export type AddressFieldErrors = Partial<Record<AddressField | 'isDefault', string>>;

export type AddressValidation = { ok: true; value: AddressInput } | { ok: false; errors: AddressFieldErrors };

export function emptyAddressForm(): AddressFormValues {
  return {
    recipientName: '',
    mobile: '',
    street: '',
    area: '',
    landmark: '',
    postalCode: '',
    city: '',
    state: '',
    isDefault: false,
  };
}

/** An address into the form; one saved before recipients were asked for has those blank. */
export function addressFormValues(address: Address): AddressFormValues {
  return {
    recipientName: address.recipientName ?? '',
    mobile: address.mobile ?? '',
    street: address.street,
    area: address.area ?? '',
    landmark: address.landmark ?? '',
    postalCode: address.postalCode,
    city: address.city,
    state: address.state,
    isDefault: address.isDefault,
  };
}

const isFormKey = (key: string | null): key is AddressField | 'isDefault' =>
  key === 'isDefault' || (addressFields as readonly (string | null)[]).includes(key);

/**
 * Checks the form with the same valibot schema the API uses, so the customer sees the server's
 * messages ("Street address is required", "... must be at most 200 characters") before sending.
 */
export function validateAddress(values: AddressFormValues): AddressValidation {
  const result = v.safeParse(AddressInput, values, { abortPipeEarly: true });
  if (result.success) return { ok: true, value: result.output };
  const errors: AddressFieldErrors = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue);
    if (isFormKey(key) && errors[key] === undefined) errors[key] = issue.message;
  }
  return { ok: false, errors };
}
