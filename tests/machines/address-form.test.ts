import { addressMessages, type Address } from '../../contract/address.ts';
import {
  addressFormValues,
  emptyAddressForm,
  validateAddress,
  type AddressFormValues,
} from '../../machines/address-book/address-form.ts';

const filled: AddressFormValues = {
  street: '12, 4th Cross, Malleshwaram',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560003',
  country: 'India',
  isDefault: false,
};

const errorsOf = (values: Partial<AddressFormValues>) => {
  const result = validateAddress({ ...filled, ...values });
  return result.ok ? {} : result.errors;
};

describe('validateAddress', () => {
  it('accepts a complete address and trims every field', () => {
    const result = validateAddress({
      street: '  7, North Mada Street  ',
      city: ' Chennai ',
      state: 'Tamil Nadu ',
      postalCode: ' 600004',
      country: ' India ',
      isDefault: true,
    });
    expect(result).toEqual({
      ok: true,
      value: {
        street: '7, North Mada Street',
        city: 'Chennai',
        state: 'Tamil Nadu',
        postalCode: '600004',
        country: 'India',
        isDefault: true,
      },
    });
  });

  it('gives the five required messages of the product rules (Addresses) for a blank form, one per field', () => {
    const result = validateAddress({
      street: '',
      city: '',
      state: '',
      postalCode: '',
      country: '',
      isDefault: false,
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        street: 'Street address is required',
        city: 'City is required',
        state: 'State is required',
        postalCode: 'Postal code is required',
        country: 'Country is required',
      },
    });
  });

  it('treats whitespace-only fields as missing', () => {
    expect(
      errorsOf({ street: '   ', city: '\u00a0 ', state: '  ', postalCode: ' ', country: '    ' }),
    ).toEqual({
      street: addressMessages.streetRequired,
      city: addressMessages.cityRequired,
      state: addressMessages.stateRequired,
      postalCode: addressMessages.postalCodeRequired,
      country: addressMessages.countryRequired,
    });
  });

  it('names only the fields in error', () => {
    expect(errorsOf({ city: '' })).toEqual({ city: 'City is required' });
    expect(errorsOf({ country: ' ' })).toEqual({ country: 'Country is required' });
  });

  it('refuses text that is too long with the limit in the message (as the API would)', () => {
    expect(errorsOf({ street: 'x'.repeat(10_000) })).toEqual({
      street: 'Street address must be at most 200 characters',
    });
    expect(errorsOf({ street: 'x'.repeat(200) })).toEqual({});
    expect(errorsOf({ city: 'c'.repeat(101), state: 's'.repeat(101), country: 'i'.repeat(101) })).toEqual({
      city: 'City must be at most 100 characters',
      state: 'State must be at most 100 characters',
      country: 'Country must be at most 100 characters',
    });
    expect(errorsOf({ postalCode: '1'.repeat(13) })).toEqual({
      postalCode: 'Postal code must be at most 12 characters',
    });
  });

  it('checks the postal code format', () => {
    expect(errorsOf({ postalCode: '56' })).toEqual({ postalCode: addressMessages.postalCodeInvalid });
    expect(errorsOf({ postalCode: '560#01' })).toEqual({ postalCode: addressMessages.postalCodeInvalid });
    expect(errorsOf({ postalCode: 'SW1A 1AA' })).toEqual({});
    expect(errorsOf({ postalCode: '110-001' })).toEqual({});
  });

  it('refuses control characters but keeps emoji and Indian scripts', () => {
    expect(errorsOf({ street: 'Line one\nLine two' })).toEqual({
      street: 'Street address contains characters that are not allowed',
    });
    expect(errorsOf({ street: '🛕 Temple Street, ಮಲ್ಲೇಶ್ವರಂ', city: 'சென்னை' })).toEqual({});
  });
});

describe('form values', () => {
  it('starts empty with India as the country and not the default', () => {
    expect(emptyAddressForm()).toEqual({
      street: '',
      city: '',
      state: '',
      postalCode: '',
      country: 'India',
      isDefault: false,
    });
  });

  it('fills the form from a saved address', () => {
    const saved: Address = { id: 4, ...filled, isDefault: true };
    expect(addressFormValues(saved)).toEqual({ ...filled, isDefault: true });
  });
});
