import type { Address } from '../../contract/address.ts';

/** A valid body for POST /api/addresses (an Indian address); override any field. */
export const addressInput = (overrides: Record<string, unknown> = {}) => ({
  recipientName: 'Asha Rao',
  mobile: '9845012345',
  street: '12, 4th Cross',
  area: 'Malleshwaram',
  landmark: 'Near Kadu Malleshwara Temple',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560003',
  country: 'India',
  ...overrides,
});

/** What the address form says of each required field left blank (docs/product-rules.md, Addresses). */
export const blankAddressErrors = {
  recipientName: 'Recipient name is required',
  mobile: 'Mobile number is required',
  street: 'House and street are required',
  area: 'Area is required',
  city: 'City is required',
  state: 'State is required',
  postalCode: 'PIN code is required',
};

/** Kamala's address in Madurai as a gift's recipient is typed (an empty landmark); override any field. */
export const maduraiAddress = (overrides: { mobile?: string } = {}) => ({
  recipientName: 'Kamala Iyer',
  mobile: '9443012345',
  street: '12 Sannidhi Street',
  area: 'Simmakkal',
  landmark: '',
  city: 'Madurai',
  state: 'Tamil Nadu',
  postalCode: '625001',
  country: 'India',
  ...overrides,
});

/** A saved address with the given id (Meena's, in Madurai), for machines that only care which one is chosen. */
export const addressWithId = (id: number): Address => ({
  ...maduraiAddress(),
  id,
  recipientName: 'Meena Iyer',
  landmark: null,
  isDefault: false,
});

/** Asha's home in Bengaluru as the API returns it saved without the optional fields: the default address. */
export const savedHome: Address = {
  id: 11,
  recipientName: null,
  mobile: null,
  area: null,
  landmark: null,
  street: '12, 4th Cross, Malleshwaram',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560003',
  country: 'India',
  isDefault: true,
};

/**
 * An address row as the shop saved it before recipients, mobiles, areas and landmarks were asked
 * for, with the state as free text: for inserting straight into the addresses table.
 */
export const legacyAddressRow = (userId: number) => ({
  userId,
  street: '21, Car Street',
  city: 'Udupi',
  state: 'KA',
  postalCode: '576101',
  country: 'India',
  isDefault: 1,
  createdAt: new Date().toISOString(),
});

/** legacyAddressRow as the API reads it back: what it had, and null for what it never had. */
export const legacyAddressAsRead = (id: number): Address => ({
  id,
  recipientName: null,
  mobile: null,
  street: '21, Car Street',
  area: null,
  landmark: null,
  city: 'Udupi',
  state: 'KA',
  postalCode: '576101',
  country: 'India',
  isDefault: true,
});
