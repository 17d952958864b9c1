import type { ActorRefFrom } from 'xstate';
import type { addressBookMachine } from '../../../machines/address-book/address-book.machine.ts';

/** The running address book, as the picker's parts receive it. */
export type AddressBookRef = ActorRefFrom<typeof addressBookMachine>;
