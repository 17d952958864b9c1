import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** What a person types into the address form; the rest takes the defaults below. */
export interface FormAddress {
  recipientName?: string;
  mobile?: string;
  street: string;
  area?: string;
  landmark?: string;
  postalCode: string;
  /** Typed over what the PIN code filled in; left to the PIN code when missing. */
  city?: string;
  state?: string;
  makeDefault?: boolean;
}

/** Asha's address in Malleshwaram as typed into the form (the PIN code fills in the state). */
export const malleshwaram: FormAddress = {
  street: '12, 4th Cross',
  area: 'Malleshwaram',
  city: 'Bengaluru',
  postalCode: '560003',
};

/** The open address form ("Add new address" or "Edit address"). */
export const addressForm = () => within(screen.getByRole('form', { name: /^(Add new|Edit) address$/ }));

/**
 * Fills the open address form as a person would: recipient, mobile, house and street, area,
 * landmark, then the PIN code, which fills in the city and state (docs/product-rules.md,
 * Addresses) unless they are given.
 */
export async function fillAddressForm(user: UserEvent, address: FormAddress) {
  const form = addressForm();
  const text = (name: string) => form.getByRole('textbox', { name });
  await user.type(text('Recipient name'), address.recipientName ?? 'Asha Rao');
  await user.type(form.getByRole('textbox', { name: 'Mobile number' }), address.mobile ?? '98450 12345');
  await user.type(text('House no. and street'), address.street);
  await user.type(text('Area / locality'), address.area ?? 'Central');
  if (address.landmark) await user.type(text('Landmark (optional)'), address.landmark);
  await user.type(text('PIN code'), address.postalCode);
  if (address.city === undefined) {
    await waitFor(() => expect(text('City')).not.toHaveValue(''));
  } else {
    await user.clear(text('City'));
    await user.type(text('City'), address.city);
  }
  if (address.state !== undefined) {
    await user.selectOptions(form.getByRole('combobox', { name: 'State' }), address.state);
  }
  if (address.makeDefault) {
    await user.click(form.getByRole('checkbox', { name: 'Make this my default address' }));
  }
}
