import type { Address } from '../../../contract/address.ts';

/**
 * The address an order or a booking keeps as it was when it was made: these columns on its own
 * row (docs/product-rules.md, Addresses), written and read here for both.
 */
export interface AddressCopyColumns {
  addressId: number;
  recipientName: string | null;
  mobile: string | null;
  street: string;
  area: string | null;
  landmark: string | null;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  /** 0 or 1: whether the address was the customer's default then. */
  addressIsDefault: number;
}

export const addressCopyOf = (address: Address): AddressCopyColumns => ({
  addressId: address.id,
  recipientName: address.recipientName,
  mobile: address.mobile,
  street: address.street,
  area: address.area,
  landmark: address.landmark,
  city: address.city,
  state: address.state,
  postalCode: address.postalCode,
  country: address.country,
  addressIsDefault: address.isDefault ? 1 : 0,
});

export const addressFromCopy = (row: AddressCopyColumns): Address => ({
  id: row.addressId,
  recipientName: row.recipientName,
  mobile: row.mobile,
  street: row.street,
  area: row.area,
  landmark: row.landmark,
  city: row.city,
  state: row.state,
  postalCode: row.postalCode,
  country: row.country,
  isDefault: row.addressIsDefault === 1,
});
