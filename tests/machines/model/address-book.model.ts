import type { Address } from '../../../contract/address.ts';
import {
  addressBookMachine,
  type AddressBookEvent,
} from '../../../machines/address-book/address-book.machine.ts';
import type { AddressFormValues } from '../../../machines/address-book/address-book.form.ts';
import { bareEvents, type EventFixtures, type MachineModel } from './coverage.ts';

const home: Address = {
  id: 1,
  recipientName: null,
  mobile: null,
  area: null,
  landmark: null,
  street: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  country: 'India',
  isDefault: true,
};
const office: Address = {
  ...home,
  id: 2,
  recipientName: null,
  mobile: null,
  area: null,
  landmark: null,
  street: '4 Park Street',
  city: 'Kolkata',
  state: 'West Bengal',
  postalCode: '700016',
  isDefault: false,
};
const parents: Address = {
  ...home,
  id: 3,
  recipientName: null,
  mobile: null,
  area: null,
  landmark: null,
  street: '9 FC Road',
  city: 'Pune',
  state: 'Maharashtra',
  postalCode: '411004',
  isDefault: false,
};

const valid: AddressFormValues = {
  recipientName: 'Asha Rao',
  mobile: '9845012345',
  street: '9 FC Road',
  area: 'Shivajinagar',
  landmark: '',
  city: 'Pune',
  state: 'Maharashtra',
  postalCode: '411004',
  isDefault: false,
};
const invalid: AddressFormValues = { ...valid, street: '  ', postalCode: '4' };

const events = {
  'addresses.retry': [{ type: 'addresses.retry' }],
  'address.select': [
    { type: 'address.select', id: 2 },
    { type: 'address.select', id: 99 },
  ],
  'addressForm.open': [{ type: 'addressForm.open' }],
  'addressForm.edit': [
    { type: 'addressForm.edit', id: 2 },
    { type: 'addressForm.edit', id: 99 },
  ],
  'addressForm.cancel': [{ type: 'addressForm.cancel' }],
  'addressForm.submit': [
    { type: 'addressForm.submit', values: valid },
    { type: 'addressForm.submit', values: invalid },
  ],
  'address.setDefault': [
    { type: 'address.setDefault', id: 2 },
    { type: 'address.setDefault', id: 1 },
  ],
  'address.delete': [
    { type: 'address.delete', id: 2 },
    { type: 'address.delete', id: 99 },
  ],
  ...bareEvents('address.confirmDelete', 'address.cancelDelete'),
} satisfies EventFixtures<AddressBookEvent>;

export const addressBookModel: MachineModel<typeof addressBookMachine> = {
  name: 'address-book',
  machine: addressBookMachine,
  inputs: [
    { label: 'no earlier choice', input: undefined },
    { label: 'office chosen earlier', input: { selectedId: 2 } },
  ],
  events,
  actors: {
    loadAddresses: { done: [[home, office], []], error: [new Error('Failed to fetch addresses')] },
    addAddress: { done: [parents], error: [new Error('')] },
    updateAddress: { done: [{ ...office, city: 'Howrah' }], error: [new Error('Address not found')] },
    setDefaultAddress: { done: [{ ...office, isDefault: true }], error: [new Error('')] },
    deleteAddress: { done: [undefined], error: [new Error('Address not found')] },
  },
  // What the guards read: whether the office address (the one the fixtures act on) is listed and
  // is the default, and whether the form or a deletion holds an address. Messages are left out.
  abstract: ({ context }) => {
    const officeAddress = context.addresses.find((a) => a.id === office.id);
    return {
      office: officeAddress === undefined ? 'absent' : officeAddress.isDefault ? 'default' : 'listed',
      editing: context.editingId !== null,
      pendingDelete: context.pendingDeleteId !== null,
    };
  },
};
