import { fromPromise } from 'xstate';
import type { Address, AddressInput } from '../../contract/address.ts';
import { addressBookMachine } from '../../machines/address-book/address-book.machine.ts';
import {
  addAddress,
  deleteAddress,
  listAddresses,
  lookUpPincode,
  setDefaultAddress,
  updateAddress,
} from '../lib/addresses.ts';
import type { AddressBookActors } from '../ui/address-picker/address-picker.tsx';
import type { PincodeLookup, PincodePlace } from '../ui/address-picker/use-pincode-fill.ts';

/** The address book with the real API calls: supplied once, here, to every picker. */
export const liveAddressBookMachine = addressBookMachine.provide({
  actors: {
    loadAddresses: fromPromise<Address[], void>(({ signal }) => listAddresses(signal)),
    addAddress: fromPromise<Address, AddressInput>(({ input, signal }) => addAddress(input, signal)),
    updateAddress: fromPromise<Address, { id: number; values: AddressInput }>(({ input, signal }) =>
      updateAddress(input.id, input.values, signal),
    ),
    setDefaultAddress: fromPromise<Address, { id: number }>(({ input, signal }) =>
      setDefaultAddress(input.id, signal),
    ),
    deleteAddress: fromPromise<void, { id: number }>(({ input, signal }) => deleteAddress(input.id, signal)),
  },
});

/** GET /api/pincodes/{pin}: the city and state of a complete PIN code (docs/product-rules.md, Addresses). */
export const livePincodeLookup: PincodeLookup = fromPromise<PincodePlace | undefined, string>(
  ({ input, signal }) => lookUpPincode(input, signal),
);

/** What the address picker runs: the live address book and PIN lookup. */
export const liveAddressBook: AddressBookActors = {
  machine: liveAddressBookMachine,
  lookUpPincode: livePincodeLookup,
};
