import type { AddressField } from '../../../machines/address-book/address-book.form.ts';

/** How an address field is shown: its label, hint and the keyboard and autofill it asks for. */
export interface AddressFieldLook {
  label: string;
  autoComplete: string;
  type?: 'text' | 'tel';
  inputMode?: 'numeric' | 'tel';
  optional?: boolean;
  hint?: string;
  maxLength?: number;
}

/**
 * The one table of address fields (docs/product-rules.md, Addresses; Gift a puja): the address
 * book's form and the gift's recipient form both read it, in the order of `addressFields`, so
 * the two forms cannot drift apart.
 */
export const addressFieldLooks: Record<AddressField, AddressFieldLook> = {
  recipientName: { label: 'Recipient name', autoComplete: 'name' },
  mobile: {
    label: 'Mobile number',
    autoComplete: 'tel-national',
    type: 'tel',
    inputMode: 'tel',
    hint: '10 digits, for the courier',
  },
  street: { label: 'House no. and street', autoComplete: 'address-line1' },
  area: { label: 'Area / locality', autoComplete: 'address-line2' },
  landmark: { label: 'Landmark (optional)', autoComplete: 'off', optional: true },
  postalCode: {
    label: 'PIN code',
    autoComplete: 'postal-code',
    inputMode: 'numeric',
    hint: 'Fills in the city and state',
    maxLength: 6,
  },
  city: { label: 'City', autoComplete: 'address-level2' },
  state: { label: 'State', autoComplete: 'address-level1' },
};
