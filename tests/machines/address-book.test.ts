import {
  createActor,
  fromCallback,
  fromPromise,
  waitFor,
  type AnyActorRef,
  type SnapshotFrom,
  type StateValue,
} from 'xstate';
import type { Address, AddressInput } from '../../contract/address.ts';
import {
  addressBookMachine,
  type AddressBookContext,
  type AddressBookEvent,
  type AddressSelectedEvent,
} from '../../machines/address-book/address-book.machine.ts';
import {
  formatAddress,
  selectActionError,
  selectFormMode,
  selectLoadError,
  selectPendingDelete,
  selectSelectedAddress,
} from '../../machines/address-book/address-book.selectors.ts';
import type { AddressFormValues } from '../../machines/address-book/address-book.form.ts';
import { blankAddressErrors, savedHome } from '../support/addresses.ts';
import { deferred } from '../support/prelude.ts';

const home: Address = {
  ...savedHome,
  id: 1,
  recipientName: 'Asha Rao',
  mobile: '9845012345',
  area: 'Malleshwaram',
  landmark: 'Near the temple',
};
const temple: Address = {
  id: 2,
  recipientName: 'Meena Iyer',
  mobile: '9443012345',
  area: 'Mylapore',
  landmark: 'Near the temple',
  street: '7, North Mada Street, Mylapore',
  city: 'Chennai',
  state: 'Tamil Nadu',
  postalCode: '600004',
  country: 'India',
  isDefault: false,
};
const parents: Address = {
  id: 3,
  recipientName: 'Ravi Rao',
  mobile: '9448012345',
  area: 'Car Street',
  landmark: 'Near the temple',
  street: '21, Car Street',
  city: 'Udupi',
  state: 'Karnataka',
  postalCode: '576101',
  country: 'India',
  isDefault: false,
};

const newValues: AddressFormValues = {
  recipientName: 'Asha Rao',
  mobile: '98450 12345',
  street: '  4, Temple Road ',
  area: 'Gandhi Bazaar',
  landmark: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560004',
  isDefault: false,
};
const newInput: AddressInput = {
  ...newValues,
  mobile: '9845012345',
  street: '4, Temple Road',
  landmark: null,
  state: 'Karnataka',
  country: 'India',
};
const blank: AddressFormValues = {
  recipientName: '',
  mobile: '',
  street: '',
  area: '',
  landmark: '',
  city: ' ',
  state: '',
  postalCode: '',
  isDefault: false,
};
/** A saved address as the form shows it. */
const formOf = ({ id: _id, country: _country, ...address }: Address): AddressFormValues => ({
  ...address,
  recipientName: address.recipientName ?? '',
  mobile: address.mobile ?? '',
  area: address.area ?? '',
  landmark: address.landmark ?? '',
});

/** An API error as src/lib/api.ts raises it. */
const apiError = (message: string, status?: number) => Object.assign(new Error(message), { status });

interface Calls {
  loadAddresses?: () => Promise<Address[]>;
  addAddress?: (input: AddressInput) => Promise<Address>;
  updateAddress?: (input: { id: number; values: AddressInput }) => Promise<Address>;
  setDefaultAddress?: (input: { id: number }) => Promise<Address>;
  deleteAddress?: (input: { id: number }) => Promise<void>;
}

const unexpected = () => Promise.reject(new Error('not expected in this test'));

/** The machine with every API call stubbed (and spied); unstubbed calls fail loudly. */
function startBook(calls: Calls = {}, reportTo?: AnyActorRef) {
  const spies = {
    loadAddresses: vi.fn(calls.loadAddresses ?? (() => Promise.resolve([home, temple]))),
    addAddress: vi.fn(calls.addAddress ?? unexpected),
    updateAddress: vi.fn(calls.updateAddress ?? unexpected),
    setDefaultAddress: vi.fn(calls.setDefaultAddress ?? unexpected),
    deleteAddress: vi.fn(calls.deleteAddress ?? unexpected),
  };
  const machine = addressBookMachine.provide({
    actors: {
      loadAddresses: fromPromise<Address[], void>(() => spies.loadAddresses()),
      addAddress: fromPromise<Address, AddressInput>(({ input }) => spies.addAddress(input)),
      updateAddress: fromPromise<Address, { id: number; values: AddressInput }>(({ input }) =>
        spies.updateAddress(input),
      ),
      setDefaultAddress: fromPromise<Address, { id: number }>(({ input }) => spies.setDefaultAddress(input)),
      deleteAddress: fromPromise<void, { id: number }>(({ input }) => spies.deleteAddress(input)),
    },
  });
  const actor = createActor(machine, { input: { reportTo } }).start();
  return { actor, spies };
}

type Snapshot = SnapshotFrom<typeof addressBookMachine>;
type Actor = ReturnType<typeof startBook>['actor'];

async function readyBook(calls: Calls = {}) {
  const book = startBook(calls);
  await waitFor(book.actor, (s) => s.matches('ready'));
  return book;
}

/** Waits until no call is running (the form and the list are both at rest). */
const settled = (actor: Actor) => waitFor(actor, (s) => s.matches('ready') && !s.hasTag('busy'));

/** The book at rest: the list read, no form open. */
const IDLE = { ready: { form: 'hidden', list: 'idle' } };

/** A call whose first try is lost on the network and whose second the server refuses (404). */
const lostThenNotFound = () => {
  let calls = 0;
  return () =>
    ++calls === 1 ? Promise.reject(new Error('')) : Promise.reject(apiError('Address not found', 404));
};

const view = (s: Snapshot) => ({
  value: s.value,
  ids: s.context.addresses.map((a) => a.id),
  defaults: s.context.addresses.filter((a) => a.isDefault).map((a) => a.id),
  selectedId: s.context.selectedId,
});

describe('address book: telling its owner the choice', () => {
  /** A stand-in for checkout or the wizard: records every address.selected it is sent. */
  function owner() {
    const heard: (number | null)[] = [];
    const ref = createActor(
      fromCallback<AddressSelectedEvent>(({ receive }) => {
        receive((event) => heard.push(event.address?.id ?? null));
      }),
    ).start();
    return { ref, heard };
  }

  it('sends address.selected to its owner on loading, choosing, setting the default and deleting the chosen one', async () => {
    const { ref, heard } = owner();
    const { actor } = startBook(
      {
        setDefaultAddress: ({ id }) => Promise.resolve({ ...temple, id, isDefault: true }),
        deleteAddress: () => Promise.resolve(),
      },
      ref,
    );
    await settled(actor);
    expect(heard).toEqual([home.id]);

    actor.send({ type: 'address.select', id: temple.id });
    expect(heard.at(-1)).toBe(temple.id);

    actor.send({ type: 'address.setDefault', id: temple.id });
    await settled(actor);
    expect(heard.at(-1)).toBe(temple.id);

    actor.send({ type: 'address.delete', id: temple.id });
    actor.send({ type: 'address.confirmDelete' });
    await settled(actor);
    // The chosen address is gone: the owner hears so, then the fallback once the list is back.
    expect(heard).toContain(null);
    expect(actor.getSnapshot().context.selectedId).toBe(heard.at(-1));
  });
});

describe('address book: loading', () => {
  it('starts loading (busy), then selects the default address', async () => {
    const { actor, spies } = startBook({ loadAddresses: () => Promise.resolve([temple, home]) });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const ready = await waitFor(actor, (s) => s.matches('ready'));
    expect(ready.value).toEqual(IDLE);
    expect(ready.context.addresses).toEqual([temple, home]);
    expect(ready.context.selectedId).toBe(home.id);
    expect(selectSelectedAddress(ready)).toEqual(home);
    expect(ready.hasTag('busy')).toBe(false);
    expect(spies.loadAddresses).toHaveBeenCalledTimes(1);
  });

  it('selects the first address when none is the default, and nothing when there are none', async () => {
    const some = await readyBook({ loadAddresses: () => Promise.resolve([temple, parents]) });
    expect(some.actor.getSnapshot().context.selectedId).toBe(temple.id);
    const none = await readyBook({ loadAddresses: () => Promise.resolve([]) });
    expect(none.actor.getSnapshot().context).toMatchObject({ addresses: [], selectedId: null });
  });

  it('shows the server message when loading fails, and loads again on addresses.retry', async () => {
    let calls = 0;
    const { actor, spies } = startBook({
      loadAddresses: () =>
        ++calls === 1 ? Promise.reject(apiError('Service unavailable', 503)) : Promise.resolve([home]),
    });
    const failed = await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(failed.context.error).toEqual({ message: 'Service unavailable' });
    expect(selectLoadError(failed)).toBe('Service unavailable');
    expect(failed.hasTag('busy')).toBe(false);

    actor.send({ type: 'addresses.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.error).toBeUndefined();
    const ready = await waitFor(actor, (s) => s.matches('ready'));
    expect(view(ready)).toMatchObject({ ids: [1], selectedId: 1 });
    expect(spies.loadAddresses).toHaveBeenCalledTimes(2);
  });

  it('falls back to "Failed to fetch addresses" when the failure has no message', async () => {
    const { actor } = startBook({ loadAddresses: () => Promise.reject(new Error('')) });
    const failed = await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(failed.context.error?.message).toBe('Failed to fetch addresses');
    const { actor: other } = startBook({ loadAddresses: () => Promise.reject(new Error('   ')) });
    expect((await waitFor(other, (s) => s.matches('loadFailed'))).context.error?.message).toBe(
      'Failed to fetch addresses',
    );
  });

  it('fails clearly when no loader was provided', async () => {
    const actor = createActor(addressBookMachine).start();
    const failed = await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(failed.context.error?.message).toBe('loadAddresses not provided');
  });
});

describe('address book: choosing a card', () => {
  it('selects the chosen address and ignores an id that is not listed', async () => {
    const { actor } = await readyBook();
    actor.send({ type: 'address.select', id: temple.id });
    expect(actor.getSnapshot().context.selectedId).toBe(temple.id);
    actor.send({ type: 'address.select', id: 999 });
    expect(actor.getSnapshot().context.selectedId).toBe(temple.id);
  });

  it('can choose a card while the form is open', async () => {
    const { actor } = await readyBook();
    actor.send({ type: 'addressForm.open' });
    actor.send({ type: 'address.select', id: temple.id });
    expect(actor.getSnapshot().context.selectedId).toBe(temple.id);
    expect(selectFormMode(actor.getSnapshot())).toBe('adding');
  });
});

describe('address book: adding', () => {
  it('reveals the form on addressForm.open and hides it again on cancel, resetting its errors', async () => {
    const { actor, spies } = await readyBook();
    actor.send({ type: 'addressForm.open' });
    expect(actor.getSnapshot().value).toEqual({ ready: { form: { adding: 'filling' }, list: 'idle' } });
    actor.send({ type: 'addressForm.submit', values: blank });
    expect(actor.getSnapshot().context.fieldErrors).not.toEqual({});
    actor.send({ type: 'addressForm.cancel' });
    const hidden = actor.getSnapshot();
    expect(hidden.value).toEqual(IDLE);
    expect(hidden.context).toMatchObject({ fieldErrors: {}, formError: undefined, editingId: null });
    actor.send({ type: 'addressForm.open' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    expect(spies.addAddress).not.toHaveBeenCalled();
  });

  it('keeps an invalid form open with a message per field and sends nothing', async () => {
    const { actor, spies } = await readyBook();
    actor.send({ type: 'addressForm.open' });
    actor.send({ type: 'addressForm.submit', values: blank });
    const s = actor.getSnapshot();
    expect(s.value).toEqual({ ready: { form: { adding: 'filling' }, list: 'idle' } });
    expect(s.context.fieldErrors).toEqual(blankAddressErrors);
    expect(spies.addAddress).not.toHaveBeenCalled();

    actor.send({ type: 'addressForm.submit', values: { ...newValues, street: 'x'.repeat(201) } });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      street: 'House and street must be at most 200 characters',
    });
    expect(spies.addAddress).not.toHaveBeenCalled();
  });

  it('saves a valid form (trimmed), adds the address after the default and selects it', async () => {
    const saved = deferred<Address>();
    const { actor, spies } = await readyBook({ addAddress: () => saved.promise });
    actor.send({ type: 'addressForm.open' });
    actor.send({ type: 'addressForm.submit', values: blank });
    actor.send({ type: 'addressForm.submit', values: newValues });
    const saving = actor.getSnapshot();
    expect(saving.value).toEqual({ ready: { form: { adding: 'saving' }, list: 'idle' } });
    expect(saving.hasTag('busy')).toBe(true);
    expect(saving.hasTag('saving')).toBe(true);
    expect(saving.context.fieldErrors).toEqual({});
    expect(spies.addAddress).toHaveBeenCalledWith(newInput);

    saved.resolve({ ...newInput, id: 9, isDefault: false });
    const done = await settled(actor);
    expect(view(done)).toEqual({ value: IDLE, ids: [1, 9, 2], defaults: [1], selectedId: 9 });
  });

  it('puts a new default first and takes the badge from the old one', async () => {
    const { actor } = await readyBook({
      addAddress: (input) => Promise.resolve({ ...input, id: 9, isDefault: true }),
    });
    actor.send({ type: 'addressForm.open' });
    actor.send({ type: 'addressForm.submit', values: { ...newValues, isDefault: true } });
    const done = await settled(actor);
    expect(view(done)).toMatchObject({ ids: [9, 1, 2], defaults: [9], selectedId: 9 });
  });

  it('adds the first address to an empty book and selects it', async () => {
    const { actor } = await readyBook({
      loadAddresses: () => Promise.resolve([]),
      addAddress: (input) => Promise.resolve({ ...input, id: 1, isDefault: true }),
    });
    expect(actor.getSnapshot().context.saved).toBeNull();
    actor.send({ type: 'addressForm.open' });
    actor.send({ type: 'addressForm.submit', values: newValues });
    const done = await settled(actor);
    expect(view(done)).toMatchObject({ ids: [1], defaults: [1], selectedId: 1 });
    // The view brings the saved card into view and says "Address saved" once per save.
    expect(done.context.saved).toEqual({ id: 1, count: 1 });
  });

  it('shows the server message when adding fails, keeps the form open and the list unchanged', async () => {
    let calls = 0;
    const { actor, spies } = await readyBook({
      addAddress: (input) =>
        ++calls === 1
          ? Promise.reject(apiError('You can save at most 50 addresses. Please delete one first.', 409))
          : Promise.resolve({ ...input, id: 9, isDefault: false }),
    });
    actor.send({ type: 'addressForm.open' });
    actor.send({ type: 'addressForm.submit', values: newValues });
    const failed = await waitFor(actor, (s) => s.context.formError !== undefined);
    expect(failed.value).toEqual({ ready: { form: { adding: 'filling' }, list: 'idle' } });
    expect(failed.context.formError).toEqual({
      message: 'You can save at most 50 addresses. Please delete one first.',
    });
    expect(failed.context.error).toBeUndefined();
    expect(view(failed)).toMatchObject({ ids: [1, 2], selectedId: 1 });

    actor.send({ type: 'addressForm.submit', values: newValues });
    expect(actor.getSnapshot().context.formError).toBeUndefined();
    expect(view(await settled(actor))).toMatchObject({ ids: [1, 9, 2], selectedId: 9 });
    expect(spies.addAddress).toHaveBeenCalledTimes(2);
  });

  it('falls back to "Failed to add address" when the failure has no message', async () => {
    const { actor } = await readyBook({ addAddress: () => Promise.reject(new Error('')) });
    actor.send({ type: 'addressForm.open' });
    actor.send({ type: 'addressForm.submit', values: newValues });
    const failed = await waitFor(actor, (s) => s.context.formError !== undefined);
    expect(failed.context.formError?.message).toBe('Failed to add address');
  });

  it('ignores cancel, open and edit while saving', async () => {
    const saved = deferred<Address>();
    const { actor } = await readyBook({ addAddress: () => saved.promise });
    actor.send({ type: 'addressForm.open' });
    actor.send({ type: 'addressForm.submit', values: newValues });
    for (const event of [
      { type: 'addressForm.cancel' },
      { type: 'addressForm.open' },
      { type: 'addressForm.edit', id: home.id },
      { type: 'addressForm.submit', values: newValues },
    ] as const) {
      expect(actor.getSnapshot().can(event)).toBe(false);
      actor.send(event);
    }
    expect(actor.getSnapshot().value).toEqual({ ready: { form: { adding: 'saving' }, list: 'idle' } });
    saved.resolve({ ...newInput, id: 9, isDefault: false });
    expect(view(await settled(actor)).ids).toEqual([1, 9, 2]);
  });
});

describe('address book: editing', () => {
  it('opens the form on an address, saves the change in place and selects it', async () => {
    const changed = { ...temple, street: '9, South Mada Street, Mylapore' };
    const { actor, spies } = await readyBook({ updateAddress: () => Promise.resolve(changed) });
    actor.send({ type: 'addressForm.edit', id: temple.id });
    const editing = actor.getSnapshot();
    expect(editing.value).toEqual({ ready: { form: { editing: 'filling' }, list: 'idle' } });
    expect(editing.context.editingId).toBe(temple.id);
    expect(selectFormMode(editing)).toBe('editing');

    const values = { ...formOf(temple), street: ' 9, South Mada Street, Mylapore ' };
    actor.send({ type: 'addressForm.submit', values });
    expect(actor.getSnapshot().value).toEqual({ ready: { form: { editing: 'saving' }, list: 'idle' } });
    expect(spies.updateAddress).toHaveBeenCalledWith({
      id: temple.id,
      values: {
        recipientName: 'Meena Iyer',
        mobile: '9443012345',
        street: '9, South Mada Street, Mylapore',
        area: 'Mylapore',
        landmark: 'Near the temple',
        city: 'Chennai',
        state: 'Tamil Nadu',
        postalCode: '600004',
        country: 'India',
        isDefault: false,
      },
    });
    const done = await settled(actor);
    expect(view(done)).toMatchObject({
      value: IDLE,
      ids: [1, 2],
      selectedId: 2,
    });
    expect(done.context.addresses[1]).toEqual(changed);
    expect(done.context.editingId).toBeNull();
  });

  it('makes an edited address the only default when the server says so', async () => {
    const { actor } = await readyBook({
      updateAddress: ({ id, values }) => Promise.resolve({ ...values, id, isDefault: true }),
    });
    actor.send({ type: 'addressForm.edit', id: temple.id });
    actor.send({ type: 'addressForm.submit', values: { ...formOf(temple), isDefault: true } });
    expect(view(await settled(actor))).toMatchObject({ ids: [1, 2], defaults: [2] });
  });

  it('validates edits too, and sends nothing while invalid', async () => {
    const { actor, spies } = await readyBook();
    actor.send({ type: 'addressForm.edit', id: temple.id });
    actor.send({ type: 'addressForm.submit', values: { ...formOf(temple), city: '  ' } });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ city: 'City is required' });
    expect(actor.getSnapshot().value).toEqual({ ready: { form: { editing: 'filling' }, list: 'idle' } });
    expect(spies.updateAddress).not.toHaveBeenCalled();
  });

  it('shows the server message (or "Failed to update address") when saving a change fails', async () => {
    let calls = 0;
    const { actor } = await readyBook({
      updateAddress: () =>
        ++calls === 1 ? Promise.reject(apiError('Address not found', 404)) : Promise.reject(new Error('')),
    });
    actor.send({ type: 'addressForm.edit', id: temple.id });
    actor.send({ type: 'addressForm.submit', values: formOf(temple) });
    let failed = await waitFor(actor, (s) => s.context.formError !== undefined);
    expect(failed.value).toEqual({ ready: { form: { editing: 'filling' }, list: 'idle' } });
    expect(failed.context.formError?.message).toBe('Address not found');
    expect(failed.context.addresses).toEqual([home, temple]);
    actor.send({ type: 'addressForm.submit', values: formOf(temple) });
    failed = await waitFor(actor, (s) => s.context.formError !== undefined);
    expect(failed.context.formError?.message).toBe('Failed to update address');
  });

  it('switches between addresses and to adding, starting each form clean; ignores unknown ids', async () => {
    const { actor } = await readyBook();
    actor.send({ type: 'addressForm.edit', id: 999 });
    expect(selectFormMode(actor.getSnapshot())).toBe('hidden');
    actor.send({ type: 'addressForm.edit', id: temple.id });
    actor.send({ type: 'addressForm.submit', values: blank });
    actor.send({ type: 'addressForm.edit', id: home.id });
    expect(actor.getSnapshot().context).toMatchObject({ editingId: home.id, fieldErrors: {} });
    actor.send({ type: 'addressForm.edit', id: 999 });
    expect(actor.getSnapshot().context.editingId).toBe(home.id);
    actor.send({ type: 'addressForm.submit', values: blank });
    actor.send({ type: 'addressForm.open' });
    expect(actor.getSnapshot().value).toEqual({ ready: { form: { adding: 'filling' }, list: 'idle' } });
    expect(actor.getSnapshot().context).toMatchObject({ editingId: null, fieldErrors: {} });
    actor.send({ type: 'addressForm.edit', id: temple.id });
    expect(actor.getSnapshot().context.editingId).toBe(temple.id);
    actor.send({ type: 'addressForm.cancel' });
    expect(actor.getSnapshot().context.editingId).toBeNull();
  });
});

describe('address book: the default address', () => {
  it('makes only the chosen address the default, from the server answer', async () => {
    const answer = deferred<Address>();
    const { actor, spies } = await readyBook({
      loadAddresses: () => Promise.resolve([home, temple, parents]),
      setDefaultAddress: () => answer.promise,
    });
    actor.send({ type: 'address.setDefault', id: temple.id });
    const busy = actor.getSnapshot();
    expect(busy.value).toEqual({ ready: { form: 'hidden', list: 'settingDefault' } });
    expect(busy.hasTag('busy')).toBe(true);
    expect(spies.setDefaultAddress).toHaveBeenCalledWith({ id: temple.id });
    answer.resolve({ ...temple, isDefault: true });
    const done = await settled(actor);
    // The cards keep their places; only the badge moves. The selection is the customer's own.
    expect(view(done)).toEqual({ value: IDLE, ids: [1, 2, 3], defaults: [2], selectedId: 1 });
  });

  it('does not offer to make the default address the default again, nor an unknown one', async () => {
    const { actor, spies } = await readyBook();
    expect(actor.getSnapshot().can({ type: 'address.setDefault', id: home.id })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'address.setDefault', id: 999 })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'address.setDefault', id: temple.id })).toBe(true);
    actor.send({ type: 'address.setDefault', id: home.id });
    expect(actor.getSnapshot().value).toEqual(IDLE);
    expect(spies.setDefaultAddress).not.toHaveBeenCalled();
  });

  it('shows "Failed to set address as default" (or the server message) and keeps the list', async () => {
    const { actor } = await readyBook({ setDefaultAddress: lostThenNotFound() });
    actor.send({ type: 'address.setDefault', id: temple.id });
    let failed = await settled(actor);
    expect(failed.context.error).toEqual({ message: 'Failed to set address as default' });
    expect(selectActionError(failed)).toBe('Failed to set address as default');
    expect(view(failed)).toMatchObject({ ids: [1, 2], defaults: [1] });

    actor.send({ type: 'address.setDefault', id: temple.id });
    expect(actor.getSnapshot().context.error).toBeUndefined();
    failed = await settled(actor);
    expect(failed.context.error?.message).toBe('Address not found');
  });
});

describe('address book: deleting', () => {
  it('asks first; cancelling keeps the address and calls nothing', async () => {
    const { actor, spies } = await readyBook();
    actor.send({ type: 'address.delete', id: temple.id });
    const asking = actor.getSnapshot();
    expect(asking.value).toEqual({ ready: { form: 'hidden', list: 'confirmingDelete' } });
    expect(asking.context.pendingDeleteId).toBe(temple.id);
    expect(selectPendingDelete(asking)).toEqual(temple);
    expect(asking.hasTag('busy')).toBe(false);
    actor.send({ type: 'address.cancelDelete' });
    expect(actor.getSnapshot().value).toEqual(IDLE);
    expect(actor.getSnapshot().context.pendingDeleteId).toBeNull();
    expect(view(actor.getSnapshot()).ids).toEqual([1, 2]);
    expect(spies.deleteAddress).not.toHaveBeenCalled();
  });

  it('deletes on confirmation, then reads the list again (the server picks the next default)', async () => {
    let loads = 0;
    const removed = deferred<void>();
    const { actor, spies } = await readyBook({
      loadAddresses: () =>
        Promise.resolve(++loads === 1 ? [home, parents, temple] : [{ ...parents, isDefault: true }, temple]),
      deleteAddress: () => removed.promise,
    });
    actor.send({ type: 'address.delete', id: home.id });
    actor.send({ type: 'address.confirmDelete' });
    const deleting = actor.getSnapshot();
    expect(deleting.value).toEqual({ ready: { form: 'hidden', list: 'deleting' } });
    expect(deleting.hasTag('busy')).toBe(true);
    expect(selectPendingDelete(deleting)).toEqual(home);
    expect(spies.deleteAddress).toHaveBeenCalledWith({ id: home.id });
    // The confirmation cannot be dismissed halfway.
    expect(deleting.can({ type: 'address.cancelDelete' })).toBe(false);

    removed.resolve();
    const done = await settled(actor);
    expect(view(done)).toEqual({ value: IDLE, ids: [3, 2], defaults: [3], selectedId: 3 });
    expect(done.context.pendingDeleteId).toBeNull();
    expect(spies.loadAddresses).toHaveBeenCalledTimes(2);
  });

  it('keeps the chosen card when another address is deleted', async () => {
    const { actor } = await readyBook({
      loadAddresses: vi
        .fn<() => Promise<Address[]>>()
        .mockResolvedValueOnce([home, temple, parents])
        .mockResolvedValueOnce([home, parents]),
      deleteAddress: () => Promise.resolve(),
    });
    actor.send({ type: 'address.select', id: parents.id });
    actor.send({ type: 'address.delete', id: temple.id });
    actor.send({ type: 'address.confirmDelete' });
    expect(view(await settled(actor))).toMatchObject({ ids: [1, 3], selectedId: 3 });
  });

  it('keeps the local list when reading it again fails after a delete', async () => {
    const { actor } = await readyBook({
      loadAddresses: vi
        .fn<() => Promise<Address[]>>()
        .mockResolvedValueOnce([home, temple])
        .mockRejectedValueOnce(new Error('Failed to fetch addresses')),
      deleteAddress: () => Promise.resolve(),
    });
    actor.send({ type: 'address.delete', id: home.id });
    actor.send({ type: 'address.confirmDelete' });
    const done = await settled(actor);
    expect(view(done)).toMatchObject({ ids: [2], selectedId: 2 });
    expect(done.context.error).toBeUndefined();
  });

  it('shows "Failed to delete address" (or the server message) and keeps the address', async () => {
    const { actor } = await readyBook({ deleteAddress: lostThenNotFound() });
    actor.send({ type: 'address.delete', id: temple.id });
    actor.send({ type: 'address.confirmDelete' });
    let failed = await settled(actor);
    expect(failed.value).toEqual(IDLE);
    expect(failed.context.error).toEqual({ message: 'Failed to delete address' });
    expect(failed.context.pendingDeleteId).toBeNull();
    expect(view(failed).ids).toEqual([1, 2]);

    actor.send({ type: 'address.delete', id: temple.id });
    expect(actor.getSnapshot().context.error).toBeUndefined();
    actor.send({ type: 'address.confirmDelete' });
    failed = await settled(actor);
    expect(failed.context.error?.message).toBe('Address not found');
  });

  it('does not delete the address open in the form, nor an unknown one', async () => {
    const { actor } = await readyBook();
    actor.send({ type: 'addressForm.edit', id: temple.id });
    expect(actor.getSnapshot().can({ type: 'address.delete', id: temple.id })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'address.delete', id: 999 })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'address.delete', id: home.id })).toBe(true);
    actor.send({ type: 'address.delete', id: temple.id });
    expect(actor.getSnapshot().matches({ ready: { list: 'idle' } })).toBe(true);
  });
});

describe('address book: one change at a time', () => {
  it('refuses list changes while the form is saving', async () => {
    const saved = deferred<Address>();
    const { actor, spies } = await readyBook({ addAddress: () => saved.promise });
    actor.send({ type: 'addressForm.open' });
    actor.send({ type: 'addressForm.submit', values: newValues });
    expect(actor.getSnapshot().can({ type: 'address.setDefault', id: temple.id })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'address.delete', id: temple.id })).toBe(false);
    actor.send({ type: 'address.setDefault', id: temple.id });
    actor.send({ type: 'address.delete', id: temple.id });
    expect(actor.getSnapshot().matches({ ready: { list: 'idle' } })).toBe(true);
    expect(spies.setDefaultAddress).not.toHaveBeenCalled();
    saved.resolve({ ...newInput, id: 9, isDefault: false });
    await settled(actor);
    expect(actor.getSnapshot().can({ type: 'address.setDefault', id: temple.id })).toBe(true);
  });

  it('does not save while the list is changing, and saves once it is done', async () => {
    const answer = deferred<Address>();
    const { actor, spies } = await readyBook({
      setDefaultAddress: () => answer.promise,
      addAddress: (input) => Promise.resolve({ ...input, id: 9, isDefault: false }),
    });
    actor.send({ type: 'addressForm.open' });
    actor.send({ type: 'address.setDefault', id: temple.id });
    actor.send({ type: 'addressForm.submit', values: newValues });
    expect(actor.getSnapshot().value).toEqual({
      ready: { form: { adding: 'filling' }, list: 'settingDefault' },
    });
    expect(spies.addAddress).not.toHaveBeenCalled();
    answer.resolve({ ...temple, isDefault: true });
    await waitFor(actor, (s) => s.matches({ ready: { list: 'idle' } }));
    actor.send({ type: 'addressForm.submit', values: newValues });
    expect(view(await settled(actor))).toMatchObject({ ids: [1, 9, 2], defaults: [2], selectedId: 9 });
  });
});

describe('address book: events each state accepts', () => {
  const events = {
    'addresses.retry': { type: 'addresses.retry' },
    'address.select': { type: 'address.select', id: temple.id },
    'addressForm.open': { type: 'addressForm.open' },
    'addressForm.edit': { type: 'addressForm.edit', id: temple.id },
    'addressForm.cancel': { type: 'addressForm.cancel' },
    'addressForm.submit': { type: 'addressForm.submit', values: newValues },
    'address.setDefault': { type: 'address.setDefault', id: temple.id },
    'address.delete': { type: 'address.delete', id: temple.id },
    'address.confirmDelete': { type: 'address.confirmDelete' },
    'address.cancelDelete': { type: 'address.cancelDelete' },
  } satisfies { [K in AddressBookEvent['type']]: Extract<AddressBookEvent, { type: K }> };

  const context: AddressBookContext = {
    reportTo: null,
    addresses: [home, temple],
    selectedId: home.id,
    editingId: null,
    pendingDeleteId: temple.id,
    error: undefined,
    formError: undefined,
    fieldErrors: {},
    saved: null,
  };
  const ready = (form: StateValue, list: string) => ({ ready: { form, list } });

  /** What the book takes while a form is open and the list idle, in the events' order. */
  const withFormOpen: Array<keyof typeof events> = [
    'address.select',
    'addressForm.open',
    'addressForm.edit',
    'addressForm.cancel',
    'addressForm.submit',
    'address.setDefault',
    'address.delete',
  ];

  const accepted: Array<[string, StateValue, Partial<AddressBookContext>, Array<keyof typeof events>]> = [
    ['loading', 'loading', {}, []],
    ['loadFailed', 'loadFailed', {}, ['addresses.retry']],
    [
      'ready, form hidden, list idle',
      ready('hidden', 'idle'),
      {},
      ['address.select', 'addressForm.open', 'addressForm.edit', 'address.setDefault', 'address.delete'],
    ],
    [
      'adding',
      ready({ adding: 'filling' }, 'idle'),
      {},
      withFormOpen.filter((type) => type !== 'addressForm.open'),
    ],
    ['adding, saving', ready({ adding: 'saving' }, 'idle'), {}, ['address.select']],
    [
      'editing the other address',
      ready({ editing: 'filling' }, 'idle'),
      { editingId: home.id },
      withFormOpen,
    ],
    [
      'editing this address',
      ready({ editing: 'filling' }, 'idle'),
      { editingId: temple.id },
      // The address open in the form cannot be deleted from under it.
      withFormOpen.filter((type) => type !== 'address.delete'),
    ],
    ['editing, saving', ready({ editing: 'saving' }, 'idle'), { editingId: home.id }, ['address.select']],
    [
      'setting the default',
      ready('hidden', 'settingDefault'),
      {},
      ['address.select', 'addressForm.open', 'addressForm.edit'],
    ],
    [
      'confirming a delete',
      ready('hidden', 'confirmingDelete'),
      {},
      [
        'address.select',
        'addressForm.open',
        'addressForm.edit',
        'address.confirmDelete',
        'address.cancelDelete',
      ],
    ],
    ['deleting', ready('hidden', 'deleting'), {}, ['address.select', 'addressForm.open', 'addressForm.edit']],
    [
      'refreshing',
      ready('hidden', 'refreshing'),
      {},
      ['address.select', 'addressForm.open', 'addressForm.edit'],
    ],
    // A valid Save waits while the list is changing (the invalid one still shows its messages).
    [
      'adding while the default changes',
      ready({ adding: 'filling' }, 'settingDefault'),
      {},
      ['address.select', 'addressForm.edit', 'addressForm.cancel'],
    ],
  ];

  it.each(accepted)('%s accepts exactly the expected events', (_name, value, extra, expected) => {
    const snapshot = addressBookMachine.resolveState({ value, context: { ...context, ...extra } });
    const can = (Object.keys(events) as Array<keyof typeof events>).filter((type) =>
      snapshot.can(events[type]),
    );
    expect(can).toEqual(expected);
  });

  it('an invalid Save is still answered (with its messages) while the list is changing', () => {
    const snapshot = addressBookMachine.resolveState({
      value: ready({ adding: 'filling' }, 'settingDefault'),
      context,
    });
    expect(snapshot.can({ type: 'addressForm.submit', values: blank })).toBe(true);
  });

  it('tags exactly the states with a call running busy', () => {
    const busy = accepted
      .filter(([, value]) => addressBookMachine.resolveState({ value, context }).hasTag('busy'))
      .map(([name]) => name);
    expect(busy).toEqual([
      'loading',
      'adding, saving',
      'editing, saving',
      'setting the default',
      'deleting',
      'refreshing',
      'adding while the default changes',
    ]);
  });
});

describe('formatAddress', () => {
  it('writes an address on one line', () => {
    expect(formatAddress(home)).toBe(
      'Asha Rao, +91 98450 12345, 12, 4th Cross, Malleshwaram, Malleshwaram, Near the temple, Bengaluru, Karnataka 560003, India',
    );
  });
});

describe('address book input: a choice made earlier', () => {
  const loaded = (input?: { selectedId?: number | null }) => {
    const machine = addressBookMachine.provide({
      actors: { loadAddresses: fromPromise<Address[], void>(() => Promise.resolve([home, temple])) },
    });
    return waitFor(createActor(machine, { input }).start(), (s) => s.matches('ready'));
  };

  it('keeps the given address chosen once the list has loaded (the booking wizard coming Back)', async () => {
    expect((await loaded({ selectedId: temple.id })).context.selectedId).toBe(temple.id);
  });

  it('falls back to the default when the given address no longer exists, or none is given', async () => {
    const defaultId = [home, temple].find((a) => a.isDefault)?.id;
    expect((await loaded({ selectedId: 9999 })).context.selectedId).toBe(defaultId);
    expect((await loaded()).context.selectedId).toBe(defaultId);
  });
});
