import { addressMessages, INDIAN_STATES, normaliseMobile, type Address } from '../../contract/address.ts';
import {
  addressFormValues,
  emptyAddressForm,
  validateAddress,
  type AddressFormValues,
} from '../../machines/address-book/address-book.form.ts';
import { addressLines, formatAddress } from '../../machines/address-book/address-book.selectors.ts';
import { addressInput, blankAddressErrors } from '../support/addresses.ts';

/** The API's valid address (tests/support/addresses.ts) as the form holds it: no country, not the default. */
const { country: _country, ...apiAddress } = addressInput();
const filled: AddressFormValues = { ...apiAddress, isDefault: false };

const errorsOf = (values: Partial<AddressFormValues>) => {
  const result = validateAddress({ ...filled, ...values });
  return result.ok ? {} : result.errors;
};

describe('validateAddress (an Indian address)', () => {
  it('accepts a complete address, trims every field, normalises the mobile and sets India', () => {
    const result = validateAddress({
      recipientName: ' Meena Iyer ',
      mobile: '+91 94430-12345',
      street: '  7, North Mada Street  ',
      area: ' Mylapore',
      landmark: '  ',
      city: ' Chennai ',
      state: 'Tamil Nadu',
      postalCode: ' 600004',
      isDefault: true,
    });
    expect(result).toEqual({
      ok: true,
      value: {
        recipientName: 'Meena Iyer',
        mobile: '9443012345',
        street: '7, North Mada Street',
        area: 'Mylapore',
        landmark: null,
        city: 'Chennai',
        state: 'Tamil Nadu',
        postalCode: '600004',
        country: 'India',
        isDefault: true,
      },
    });
  });

  it('gives each required field its message for a blank form; the landmark is optional', () => {
    expect(validateAddress(emptyAddressForm())).toEqual({
      ok: false,
      errors: blankAddressErrors,
    });
  });

  it('treats whitespace-only fields as missing', () => {
    expect(errorsOf({ street: '   ', city: '\u00a0 ', postalCode: ' ' })).toEqual({
      street: addressMessages.streetRequired,
      city: addressMessages.cityRequired,
      postalCode: addressMessages.postalCodeRequired,
    });
  });

  it.each([
    '98450 12345',
    '+91 98450 12345',
    '+91-9845012345',
    '919845012345',
    '09845012345',
    '(98450) 12345',
  ])('reads the mobile "%s" as 9845012345', (mobile) => {
    expect(normaliseMobile(mobile)).toBe('9845012345');
    expect(errorsOf({ mobile })).toEqual({});
  });

  it.each(['12345', '5845012345', '98450123456', '+1 9845012345', 'nine eight'])(
    'refuses the mobile "%s"',
    (mobile) => {
      expect(errorsOf({ mobile })).toEqual({ mobile: 'Enter a 10-digit Indian mobile number' });
    },
  );

  it.each(['6000', '060001', '5600031', '56000A', '560 003'])('refuses the PIN code "%s"', (postalCode) => {
    expect(errorsOf({ postalCode })).toEqual({
      postalCode: 'PIN code must be 6 digits and cannot start with 0',
    });
  });

  it('takes the state from the list of states and union territories only', () => {
    expect(INDIAN_STATES).toHaveLength(36);
    expect(INDIAN_STATES).toContain('Puducherry');
    expect(INDIAN_STATES).toContain('Ladakh');
    expect(errorsOf({ state: 'Puducherry' })).toEqual({});
    expect(errorsOf({ state: 'KA' })).toEqual({ state: 'Please choose a state from the list' });
    expect(errorsOf({ state: 'karnataka' })).toEqual({ state: 'Please choose a state from the list' });
  });

  it('refuses text that is too long with the limit in the message (as the API would)', () => {
    expect(errorsOf({ street: 'x'.repeat(10_000) })).toEqual({
      street: 'House and street must be at most 200 characters',
    });
    expect(errorsOf({ street: 'x'.repeat(200) })).toEqual({});
    expect(errorsOf({ city: 'c'.repeat(101), landmark: 'l'.repeat(101) })).toEqual({
      city: 'City must be at most 100 characters',
      landmark: 'Landmark must be at most 100 characters',
    });
  });

  it('refuses control characters but keeps emoji and Indian scripts', () => {
    expect(errorsOf({ street: 'Line one\nLine two' })).toEqual({
      street: 'House and street contains characters that are not allowed',
    });
    expect(errorsOf({ street: '🛕 Temple Street', area: 'ಮಲ್ಲೇಶ್ವರಂ', city: 'சென்னை' })).toEqual({});
  });
});

describe('form values and how an address reads', () => {
  /** The fields an address saved before recipients and mobiles were asked for lacks, as blanks in a form. */
  const lackedByOlder = { recipientName: '', mobile: '', area: '', landmark: '' };

  it('starts empty and not the default', () => {
    const blank = { ...lackedByOlder, street: '', postalCode: '', city: '', state: '' };
    expect(emptyAddressForm()).toEqual({ ...blank, isDefault: false });
  });

  it('fills the form from a saved address, an older one with blanks for what it lacks', () => {
    const saved: Address = { id: 4, ...filled, country: 'India', isDefault: true };
    expect(addressFormValues(saved)).toEqual({ ...filled, isDefault: true });
    const older: Address = { ...saved, recipientName: null, mobile: null, area: null, landmark: null };
    expect(addressFormValues(older)).toEqual({ ...filled, ...lackedByOlder, isDefault: true });
  });

  it('shows the recipient and mobile first, and leaves out what an older address lacks', () => {
    const saved: Address = { id: 4, ...filled, country: 'India', isDefault: false };
    expect(addressLines(saved)).toEqual([
      'Asha Rao, +91 98450 12345',
      '12, 4th Cross, Malleshwaram',
      'Near Kadu Malleshwara Temple',
      'Bengaluru, Karnataka 560003',
      'India',
    ]);
    expect(formatAddress({ ...saved, recipientName: null, mobile: null, area: null, landmark: null })).toBe(
      '12, 4th Cross, Bengaluru, Karnataka 560003, India',
    );
  });
});
