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

/** A saved address with the given id, for machines that only care which one is chosen. */
export const addressWithId = (id: number): Address => ({
  id,
  recipientName: 'Meena Iyer',
  mobile: '9443012345',
  street: '12 Sannidhi Street',
  area: 'Simmakkal',
  landmark: null,
  city: 'Madurai',
  state: 'Tamil Nadu',
  postalCode: '625001',
  country: 'India',
  isDefault: false,
});
