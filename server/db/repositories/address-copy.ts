import type { Address } from '../../../contract/address.ts';
import type { AddressCopyColumns, PostalColumns } from '../types.ts';

/**
 * The address an order or a booking keeps as it was when it was made: these columns on its own
 * row (docs/product-rules.md, Addresses), written and read here for both.
 */
const postal = (from: PostalColumns): PostalColumns => ({
  recipientName: from.recipientName,
  mobile: from.mobile,
  street: from.street,
  area: from.area,
  landmark: from.landmark,
  city: from.city,
  state: from.state,
  postalCode: from.postalCode,
  country: from.country,
});

export const addressCopyOf = (address: Address): AddressCopyColumns => ({
  ...postal(address),
  addressId: address.id,
  addressIsDefault: address.isDefault ? 1 : 0,
});

export const addressFromCopy = (row: AddressCopyColumns): Address => ({
  ...postal(row),
  id: row.addressId,
  isDefault: row.addressIsDefault === 1,
});
