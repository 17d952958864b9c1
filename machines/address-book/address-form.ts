import * as v from 'valibot';
import { AddressInput, type Address } from '../../contract/address.ts';

/** The text fields of the address form, in the order they are shown. */
export const addressFields = ['street', 'city', 'state', 'postalCode', 'country'] as const;
export type AddressField = (typeof addressFields)[number];

/** What the form holds while the customer types: raw text, not yet trimmed or checked. */
export interface AddressFormValues {
  street: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  isDefault: boolean;
}

/** One message per field, the first rule that field breaks. */
export type AddressFieldErrors = Partial<Record<AddressField | 'isDefault', string>>;

export type AddressValidation = { ok: true; value: AddressInput } | { ok: false; errors: AddressFieldErrors };

/** Most of our customers live in India, so the country starts filled in. */
export const DEFAULT_COUNTRY = 'India';

export function emptyAddressForm(): AddressFormValues {
  return { street: '', city: '', state: '', postalCode: '', country: DEFAULT_COUNTRY, isDefault: false };
}

export function addressFormValues({
  street,
  city,
  state,
  postalCode,
  country,
  isDefault,
}: Address): AddressFormValues {
  return { street, city, state, postalCode, country, isDefault };
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
