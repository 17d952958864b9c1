import {
  and,
  assign,
  enqueueActions,
  not,
  or,
  setup,
  stateIn,
  type AnyActorRef,
  type ErrorActorEvent,
} from 'xstate';
import { addressMessages, type Address, type AddressInput } from '../../contract/address.ts';
import { validateAddress, type AddressFieldErrors, type AddressFormValues } from './address-book.form.ts';
import { outputOf, unprovided } from '../shared/actor-events.ts';

/** docs/product-rules.md, Messages and errors: the address book's fallbacks. */
export const addressBookMessages = {
  loadFailed: addressMessages.listFailed,
  addFailed: addressMessages.addFailed,
  setDefaultFailed: addressMessages.setDefaultFailed,
  updateFailed: 'Failed to update address',
  deleteFailed: 'Failed to delete address',
} as const;

export interface AddressBookContext {
  addresses: Address[];
  /** The chosen card; checkout and the booking wizard read it. */
  selectedId: number | null;
  /** The address the form is editing; null while adding or hidden. */
  editingId: number | null;
  /** The address waiting for the customer to confirm its deletion. */
  pendingDeleteId: number | null;
  /** Loading, setting the default or deleting failed. */
  error: { message: string } | undefined;
  /** Saving the form failed. */
  formError: { message: string } | undefined;
  /** Client-side validation messages, shown under each field. */
  fieldErrors: AddressFieldErrors;
  /** Who hears about the choice (checkout, the booking wizard); none on the account page. */
  reportTo: AnyActorRef | null;
  /**
   * The address the form saved last, with a count of saves: the view brings its card into view
   * and says "Address saved" each time the count moves.
   */
  saved: { id: number; count: number } | null;
}

/**
 * What the address book tells `reportTo` whenever the chosen address (or that address itself)
 * changes: the parent machine keeps its own copy of the choice, and no view relays it.
 */
export interface AddressSelectedEvent {
  type: 'address.selected';
  address: Address | null;
}

/** The chosen address, if it is still in the list. */
export function chosenAddress(context: Pick<AddressBookContext, 'addresses' | 'selectedId'>): Address | null {
  return context.addresses.find((a) => a.id === context.selectedId) ?? null;
}

/** Optional: the address to keep chosen once the list has loaded (e.g. a choice made earlier). */
export interface AddressBookInput {
  selectedId?: number | null;
  /** The actor to send `address.selected` to (AddressSelectedEvent). */
  reportTo?: AnyActorRef | null;
}

export type AddressBookEvent =
  | { type: 'addresses.retry' }
  | { type: 'address.select'; id: number }
  | { type: 'addressForm.open' }
  | { type: 'addressForm.edit'; id: number }
  | { type: 'addressForm.cancel' }
  | { type: 'addressForm.submit'; values: AddressFormValues }
  | { type: 'address.setDefault'; id: number }
  | { type: 'address.delete'; id: number }
  | { type: 'address.confirmDelete' }
  | { type: 'address.cancelDelete' };

interface ErrorWithMessage {
  message?: unknown;
}

const messageOf = (error: unknown, fallback: string) => {
  const message = (error as ErrorWithMessage | undefined)?.message;
  return typeof message === 'string' && message.trim() ? message : fallback;
};

/** Keeps the chosen card when it still exists, otherwise chooses the default (or the first). */
function chooseSelection(addresses: Address[], selectedId: number | null): number | null {
  if (selectedId !== null && addresses.some((a) => a.id === selectedId)) return selectedId;
  return (addresses.find((a) => a.isDefault) ?? addresses[0])?.id ?? null;
}

/** A new or changed address, placed as the API lists them: the default first, then newest first. */
function withSaved(addresses: Address[], saved: Address): Address[] {
  const others = saved.isDefault
    ? addresses.map((a) => (a.isDefault ? { ...a, isDefault: false } : a))
    : addresses;
  if (others.some((a) => a.id === saved.id)) return others.map((a) => (a.id === saved.id ? saved : a));
  if (saved.isDefault) return [saved, ...others];
  const defaults = others.filter((a) => a.isDefault).length;
  return [...others.slice(0, defaults), saved, ...others.slice(defaults)];
}

const submittedInput = (values: AddressFormValues): AddressInput => {
  const result = validateAddress(values);
  // Only reached through the isInvalid guard's else branch, so the values are valid here.
  if (!result.ok) throw new Error('The address form was submitted while invalid');
  return result.value;
};

const idOf = (event: AddressBookEvent) => ('id' in event ? event.id : undefined);

const savingDone = outputOf<Address>;

/**
 * The address picker: `loading` the customer's addresses, then `ready` (or `loadFailed`, which
 * accepts `addresses.retry`). `ready` runs two regions side by side. `form` is `hidden`,
 * `adding` or `editing` (each `filling` -> `saving`); `list` is `idle`, `settingDefault`,
 * `confirmingDelete` -> `deleting` -> `refreshing` (the server picks the next default when the
 * default goes, so the list is read again). A save and a list change never run at once, so their
 * answers cannot overwrite each other. API calls are actors that src/ provides.
 */
export const addressBookMachine = setup({
  types: {
    // `| void` keeps the input optional for createActor and useActorRef (`| undefined` is
    // dropped by inference); the assertion is what types it.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    input: {} as AddressBookInput | void,
    context: {} as AddressBookContext,
    events: {} as AddressBookEvent,
  },
  actors: {
    loadAddresses: unprovided<Address[], void>('loadAddresses not provided'),
    addAddress: unprovided<Address, AddressInput>('addAddress not provided'),
    updateAddress: unprovided<Address, { id: number; values: AddressInput }>('updateAddress not provided'),
    setDefaultAddress: unprovided<Address, { id: number }>('setDefaultAddress not provided'),
    deleteAddress: unprovided<void, { id: number }>('deleteAddress not provided'),
  },
  actions: {
    storeAddresses: assign(({ context }, addresses: Address[]) => ({
      addresses,
      selectedId: chooseSelection(addresses, context.selectedId),
    })),
    selectFallback: assign({
      selectedId: ({ context }) => chooseSelection(context.addresses, context.selectedId),
    }),
    storeError: assign({
      error: (_, { error, fallback }: { error: unknown; fallback: string }) => ({
        message: messageOf(error, fallback),
      }),
    }),
    clearError: assign({ error: undefined }),
    /** Tells the parent, if any, which address is chosen now. */
    reportSelection: enqueueActions(({ context, enqueue }) => {
      if (!context.reportTo) return;
      const event: AddressSelectedEvent = { type: 'address.selected', address: chosenAddress(context) };
      enqueue.sendTo(context.reportTo, event);
    }),
    select: assign({ selectedId: (_, id: number) => id }),
    startEditing: assign({
      editingId: (_, id: number) => id,
      fieldErrors: {},
      formError: undefined,
    }),
    resetForm: assign({ editingId: null, fieldErrors: {}, formError: undefined }),
    showFieldErrors: assign({
      fieldErrors: (_, values: AddressFormValues) => {
        const result = validateAddress(values);
        return result.ok ? {} : result.errors;
      },
      formError: undefined,
    }),
    clearFormErrors: assign({ fieldErrors: {}, formError: undefined }),
    storeSaved: assign(({ context }, saved: Address) => ({
      addresses: withSaved(context.addresses, saved),
      selectedId: saved.id,
      saved: { id: saved.id, count: (context.saved?.count ?? 0) + 1 },
    })),
    storeFormError: assign({
      formError: (_, { error, fallback }: { error: unknown; fallback: string }) => ({
        message: messageOf(error, fallback),
      }),
    }),
    markDefault: assign({
      addresses: ({ context }, chosen: Address) =>
        context.addresses.map((a) =>
          a.id === chosen.id ? chosen : a.isDefault ? { ...a, isDefault: false } : a,
        ),
    }),
    askToDelete: assign({ pendingDeleteId: (_, id: number) => id }),
    forgetPendingDelete: assign({ pendingDeleteId: null }),
    removeDeleted: assign(({ context }) => ({
      addresses: context.addresses.filter((a) => a.id !== context.pendingDeleteId),
      selectedId: context.selectedId === context.pendingDeleteId ? null : context.selectedId,
      pendingDeleteId: null,
    })),
  },
  guards: {
    isInvalid: (_, values: AddressFormValues) => !validateAddress(values).ok,
    hasAddress: ({ context }, id: number) => context.addresses.some((a) => a.id === id),
    /** address.setDefault: only an address that is not already the default. */
    isOtherThanDefault: ({ context, event }) =>
      context.addresses.some((a) => a.id === idOf(event) && !a.isDefault),
    /** address.delete: any listed address except the one open in the form. */
    isDeletable: ({ context, event }) =>
      context.addresses.some((a) => a.id === idOf(event)) && context.editingId !== idOf(event),
    isSaving: or([
      stateIn({ ready: { form: { adding: 'saving' } } }),
      stateIn({ ready: { form: { editing: 'saving' } } }),
    ]),
    isListBusy: or([
      stateIn({ ready: { list: 'settingDefault' } }),
      stateIn({ ready: { list: 'deleting' } }),
      stateIn({ ready: { list: 'refreshing' } }),
    ]),
  },
}).createMachine({
  id: 'addressBook',
  context: ({ input }) => ({
    addresses: [],
    // Kept after loading only if it is still one of the customer's addresses (chooseSelection).
    selectedId: (input as AddressBookInput | undefined)?.selectedId ?? null,
    reportTo: (input as AddressBookInput | undefined)?.reportTo ?? null,
    editingId: null,
    pendingDeleteId: null,
    error: undefined,
    formError: undefined,
    fieldErrors: {},
    saved: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadAddresses',
        onDone: {
          target: 'ready',
          actions: [{ type: 'storeAddresses', params: outputOf<Address[]> }, 'reportSelection'],
        },
        onError: {
          target: 'loadFailed',
          actions: {
            type: 'storeError',
            params: ({ event }: { event: ErrorActorEvent }) => ({
              error: event.error,
              fallback: addressBookMessages.loadFailed,
            }),
          },
        },
      },
    },
    loadFailed: {
      on: {
        'addresses.retry': { target: 'loading', actions: 'clearError' },
      },
    },
    ready: {
      type: 'parallel',
      on: {
        'address.select': {
          guard: { type: 'hasAddress', params: ({ event }) => event.id },
          actions: [{ type: 'select', params: ({ event }) => event.id }, 'reportSelection'],
        },
      },
      states: {
        form: {
          initial: 'hidden',
          states: {
            hidden: {
              on: {
                'addressForm.open': { target: 'adding', actions: 'resetForm' },
                'addressForm.edit': {
                  guard: { type: 'hasAddress', params: ({ event }) => event.id },
                  target: 'editing',
                  actions: { type: 'startEditing', params: ({ event }) => event.id },
                },
              },
            },
            adding: {
              initial: 'filling',
              states: {
                filling: {
                  on: {
                    'addressForm.submit': [
                      {
                        guard: { type: 'isInvalid', params: ({ event }) => event.values },
                        actions: { type: 'showFieldErrors', params: ({ event }) => event.values },
                      },
                      { guard: not('isListBusy'), target: 'saving', actions: 'clearFormErrors' },
                    ],
                    'addressForm.cancel': { target: '#addressBook.ready.form.hidden', actions: 'resetForm' },
                    'addressForm.edit': {
                      guard: { type: 'hasAddress', params: ({ event }) => event.id },
                      target: '#addressBook.ready.form.editing',
                      actions: { type: 'startEditing', params: ({ event }) => event.id },
                    },
                  },
                },
                saving: {
                  tags: ['busy', 'saving'],
                  invoke: {
                    src: 'addAddress',
                    input: ({ event }) => {
                      if (event.type !== 'addressForm.submit') throw new Error(`Unexpected ${event.type}`);
                      return submittedInput(event.values);
                    },
                    onDone: {
                      target: '#addressBook.ready.form.hidden',
                      actions: [{ type: 'storeSaved', params: savingDone }, 'resetForm', 'reportSelection'],
                    },
                    onError: {
                      target: 'filling',
                      actions: {
                        type: 'storeFormError',
                        params: ({ event }: { event: ErrorActorEvent }) => ({
                          error: event.error,
                          fallback: addressBookMessages.addFailed,
                        }),
                      },
                    },
                  },
                },
              },
            },
            editing: {
              initial: 'filling',
              states: {
                filling: {
                  on: {
                    'addressForm.submit': [
                      {
                        guard: { type: 'isInvalid', params: ({ event }) => event.values },
                        actions: { type: 'showFieldErrors', params: ({ event }) => event.values },
                      },
                      { guard: not('isListBusy'), target: 'saving', actions: 'clearFormErrors' },
                    ],
                    'addressForm.cancel': { target: '#addressBook.ready.form.hidden', actions: 'resetForm' },
                    'addressForm.open': { target: '#addressBook.ready.form.adding', actions: 'resetForm' },
                    'addressForm.edit': {
                      guard: { type: 'hasAddress', params: ({ event }) => event.id },
                      target: '#addressBook.ready.form.editing',
                      reenter: true,
                      actions: { type: 'startEditing', params: ({ event }) => event.id },
                    },
                  },
                },
                saving: {
                  tags: ['busy', 'saving'],
                  invoke: {
                    src: 'updateAddress',
                    input: ({ context, event }) => {
                      if (event.type !== 'addressForm.submit' || context.editingId === null) {
                        throw new Error(`Unexpected ${event.type}`);
                      }
                      return { id: context.editingId, values: submittedInput(event.values) };
                    },
                    onDone: {
                      target: '#addressBook.ready.form.hidden',
                      actions: [{ type: 'storeSaved', params: savingDone }, 'resetForm', 'reportSelection'],
                    },
                    onError: {
                      target: 'filling',
                      actions: {
                        type: 'storeFormError',
                        params: ({ event }: { event: ErrorActorEvent }) => ({
                          error: event.error,
                          fallback: addressBookMessages.updateFailed,
                        }),
                      },
                    },
                  },
                },
              },
            },
          },
        },
        list: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'address.setDefault': {
                  guard: and(['isOtherThanDefault', not('isSaving')]),
                  target: 'settingDefault',
                  actions: 'clearError',
                },
                'address.delete': {
                  guard: and(['isDeletable', not('isSaving')]),
                  target: 'confirmingDelete',
                  actions: ['clearError', { type: 'askToDelete', params: ({ event }) => event.id }],
                },
              },
            },
            settingDefault: {
              tags: ['busy'],
              invoke: {
                src: 'setDefaultAddress',
                input: ({ event }) => {
                  if (event.type !== 'address.setDefault') throw new Error(`Unexpected ${event.type}`);
                  return { id: event.id };
                },
                onDone: {
                  target: 'idle',
                  actions: [{ type: 'markDefault', params: outputOf<Address> }, 'reportSelection'],
                },
                onError: {
                  target: 'idle',
                  actions: {
                    type: 'storeError',
                    params: ({ event }: { event: ErrorActorEvent }) => ({
                      error: event.error,
                      fallback: addressBookMessages.setDefaultFailed,
                    }),
                  },
                },
              },
            },
            confirmingDelete: {
              on: {
                'address.confirmDelete': 'deleting',
                'address.cancelDelete': { target: 'idle', actions: 'forgetPendingDelete' },
              },
            },
            deleting: {
              tags: ['busy'],
              invoke: {
                src: 'deleteAddress',
                input: ({ context }) => ({ id: context.pendingDeleteId ?? -1 }),
                onDone: { target: 'refreshing', actions: ['removeDeleted', 'reportSelection'] },
                onError: {
                  target: 'idle',
                  actions: [
                    {
                      type: 'storeError',
                      params: ({ event }: { event: ErrorActorEvent }) => ({
                        error: event.error,
                        fallback: addressBookMessages.deleteFailed,
                      }),
                    },
                    'forgetPendingDelete',
                  ],
                },
              },
            },
            refreshing: {
              tags: ['busy'],
              invoke: {
                src: 'loadAddresses',
                onDone: {
                  target: 'idle',
                  actions: [{ type: 'storeAddresses', params: outputOf<Address[]> }, 'reportSelection'],
                },
                // The address is gone either way; only a new default badge may be missing until
                // the next visit, which is not worth an error banner.
                onError: { target: 'idle', actions: ['selectFallback', 'reportSelection'] },
              },
            },
          },
        },
      },
    },
  },
});
