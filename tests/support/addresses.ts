import type { Address } from '../../contract/address.ts';

/** A saved address with the given id, for machines that only care which one is chosen. */
export const addressWithId = (id: number): Address => ({
  id,
  street: '12 Sannidhi Street',
  city: 'Madurai',
  state: 'Tamil Nadu',
  postalCode: '625001',
  country: 'India',
  isDefault: false,
});
