import type { SnapshotFrom } from 'xstate';
import type { Address } from '../../contract/address.ts';
import type { addressBookMachine } from './address-book.machine.ts';

type Snapshot = SnapshotFrom<typeof addressBookMachine>;

export type AddressFormMode = 'hidden' | 'adding' | 'editing';

export const selectIsLoading = (s: Snapshot) => s.matches('loading');
/** The load failure's message while the list could not be read (the view offers Retry). */
export const selectLoadError = (s: Snapshot) =>
  s.matches('loadFailed') ? s.context.error?.message : undefined;
export const selectIsReady = (s: Snapshot) => s.matches('ready');
export const selectAddresses = (s: Snapshot) => s.context.addresses;
export const selectSelectedId = (s: Snapshot) => s.context.selectedId;
export const selectSelectedAddress = (s: Snapshot): Address | undefined =>
  s.context.addresses.find((a) => a.id === s.context.selectedId);
/** Setting the default or deleting failed. */
export const selectActionError = (s: Snapshot) => (s.matches('ready') ? s.context.error?.message : undefined);

export function selectFormMode(s: Snapshot): AddressFormMode {
  if (s.matches({ ready: { form: 'adding' } })) return 'adding';
  if (s.matches({ ready: { form: 'editing' } })) return 'editing';
  return 'hidden';
}
export const selectEditingAddress = (s: Snapshot): Address | undefined =>
  s.context.addresses.find((a) => a.id === s.context.editingId);
export const selectFieldErrors = (s: Snapshot) => s.context.fieldErrors;
export const selectFormError = (s: Snapshot) => s.context.formError?.message;
export const selectIsSaving = (s: Snapshot) => s.hasTag('saving');
/** Any call running: buttons that would start another one wait. */
export const selectIsBusy = (s: Snapshot) => s.hasTag('busy');

/** The address the delete confirmation asks about, while it is open (or deleting). */
export const selectPendingDelete = (s: Snapshot): Address | undefined =>
  s.matches({ ready: { list: 'confirmingDelete' } }) || s.matches({ ready: { list: 'deleting' } })
    ? s.context.addresses.find((a) => a.id === s.context.pendingDeleteId)
    : undefined;
export const selectIsDeleting = (s: Snapshot) => s.matches({ ready: { list: 'deleting' } });
export const selectIsSettingDefault = (s: Snapshot) => s.matches({ ready: { list: 'settingDefault' } });

export const selectCanSetDefault = (id: number) => (s: Snapshot) => s.can({ type: 'address.setDefault', id });
export const selectCanDelete = (id: number) => (s: Snapshot) => s.can({ type: 'address.delete', id });
export const selectCanEdit = (id: number) => (s: Snapshot) => s.can({ type: 'addressForm.edit', id });
export const selectCanOpenForm = (s: Snapshot) => s.can({ type: 'addressForm.open' });

/** One line for an address: "12 MG Road, Bengaluru, Karnataka 560001, India". */
type Shown = Pick<
  Address,
  'recipientName' | 'mobile' | 'street' | 'area' | 'landmark' | 'city' | 'state' | 'postalCode' | 'country'
>;

/** A mobile as Indians write it: "+91 98450 12345". */
export const formatMobile = (mobile: string) =>
  /^\d{10}$/.test(mobile) ? `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}` : mobile;

/**
 * An address as lines, wherever one is shown (docs/product-rules.md, Addresses): who receives it
 * and their mobile, the house and street with the area, the landmark, the city, state and PIN,
 * the country. Parts an older address lacks are left out.
 */
export function addressLines(a: Shown): string[] {
  const who = [a.recipientName, a.mobile && formatMobile(a.mobile)].filter(Boolean).join(', ');
  return [
    who,
    [a.street, a.area].filter(Boolean).join(', '),
    a.landmark ?? '',
    `${a.city}, ${a.state} ${a.postalCode}`,
    a.country,
  ].filter((line) => line !== '');
}

/** The address on one line: its lines joined by commas. */
export const formatAddress = (a: Shown) => addressLines(a).join(', ');

/** The last address the form saved and how many saves there were (see `saved`). */
export const selectSaved = (s: Snapshot) => s.context.saved;
