import {
  addressMessages,
  AddressListResponse,
  AddressResponse,
  PincodeResponse,
  type Address,
  type AddressInput,
} from '../../contract/address.ts';
import { MessageResponse } from '../../contract/auth.ts';
import { addressBookMessages } from '../../machines/address-book/address-book.machine.ts';
import { callApi, getJson, getOwn } from './api.ts';

/** The signed-in customer's address book (bearer calls: a 401 signs the session out). */
export async function listAddresses(signal?: AbortSignal): Promise<Address[]> {
  const { addresses } = await getOwn(
    '/api/addresses',
    AddressListResponse,
    addressBookMessages.loadFailed,
    signal,
  );
  return addresses;
}

export async function addAddress(values: AddressInput, signal?: AbortSignal): Promise<Address> {
  const { address } = await callApi('/api/addresses', {
    method: 'POST',
    body: values,
    schema: AddressResponse,
    bearer: true,
    fallback: addressBookMessages.addFailed,
    signal,
  });
  return address;
}

export async function updateAddress(
  id: number,
  values: AddressInput,
  signal?: AbortSignal,
): Promise<Address> {
  const { address } = await callApi(`/api/addresses/${id}`, {
    method: 'PUT',
    body: values,
    schema: AddressResponse,
    bearer: true,
    fallback: addressBookMessages.updateFailed,
    signal,
  });
  return address;
}

export async function deleteAddress(id: number, signal?: AbortSignal): Promise<void> {
  await callApi(`/api/addresses/${id}`, {
    method: 'DELETE',
    schema: MessageResponse,
    bearer: true,
    fallback: addressBookMessages.deleteFailed,
    signal,
  });
}

/** docs/product-rules.md, Addresses: an empty body; the answer is the address, now the only default. */
export async function setDefaultAddress(id: number, signal?: AbortSignal): Promise<Address> {
  const { address } = await callApi(`/api/addresses/${id}/default`, {
    method: 'PUT',
    schema: AddressResponse,
    bearer: true,
    fallback: addressBookMessages.setDefaultFailed,
    signal,
  });
  return address;
}

/**
 * Where a PIN code is (GET /api/pincodes/{pin}), or undefined when the directory does not know it
 * or cannot be asked: the customer then types the city and state.
 */
export async function lookUpPincode(pin: string, signal?: AbortSignal): Promise<PincodeResponse | undefined> {
  try {
    return await getJson(`/api/pincodes/${encodeURIComponent(pin)}`, PincodeResponse, {
      fallback: addressMessages.pincodeNotFound,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    return undefined;
  }
}
