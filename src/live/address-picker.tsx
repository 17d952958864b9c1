import {
  AddressPicker as AddressPickerView,
  type AddressPickerProps,
} from '../ui/address-picker/address-picker.tsx';
import { liveAddressBook } from './addresses.ts';

/** The address picker (src/ui/address-picker) running the live address book and PIN lookup. */
export function AddressPicker(props: AddressPickerProps) {
  return <AddressPickerView {...props} {...liveAddressBook} />;
}
