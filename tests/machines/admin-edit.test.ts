import { createActor } from 'xstate';
import {
  adminEditMachine,
  adminEditMessages,
  type EditRecord,
  type SaveResult,
} from '../../machines/admin-edit/admin-edit.machine.ts';
import {
  conflictChanges,
  selectDraft,
  selectEditError,
  selectIsConflict,
  selectIsDirty,
  selectIsLoading,
  selectIsSaved,
  selectIsSaving,
  selectLoadFailed,
  selectRecord,
  selectTheirs,
  selectUploadOf,
} from '../../machines/admin-edit/admin-edit.selectors.ts';
import {
  imageUploadMachine,
  imageUploadMessages,
  type ImageUploadInput,
} from '../../machines/image-upload/image-upload.machine.ts';
import { pendingCalls } from './pending-calls.ts';

type SaveInput = { id: number | null; draft: EditRecord; version: number | null };

const lamp: EditRecord = { id: 4, version: 3, name: 'Brass diya', price: 499, image: '/media/diya.webp' };
const blank: EditRecord = { name: '', price: '', image: '' };
const photo = (type = 'image/jpeg') => new File([new Uint8Array(64)], 'photo.jpg', { type });

function startEdit(input: { id: number | null; draft?: EditRecord }) {
  const load = pendingCalls<EditRecord, { id: number }>();
  const save = pendingCalls<SaveResult, SaveInput>();
  const upload = pendingCalls<string, ImageUploadInput>();
  const created: EditRecord[] = [];
  const machine = adminEditMachine.provide({
    actors: {
      loadRecord: load.logic,
      saveRecord: save.logic,
      imageUpload: imageUploadMachine.provide({ actors: { uploadImage: upload.logic } }),
    },
    actions: { created: (_, record) => created.push(record) },
  });
  const actor = createActor(machine, { input }).start();
  const uploadOf = (field: string) =>
    selectUploadOf(field)(actor.getSnapshot());
  return { actor, load, save, upload, created, uploadOf };
}

/** The lamp's form, read and shown. */
async function editingLamp() {
  const edit = startEdit({ id: 4, draft: blank });
  await edit.load.last().resolve(lamp);
  expect(edit.actor.getSnapshot().value).toEqual({ editing: 'pristine' });
  return edit;
}

/** The lamp renamed and saved, and someone else's save of it came first. */
async function inConflict() {
  const edit = await editingLamp();
  edit.actor.send({ type: 'edit.change', field: 'name', value: 'Brass diya, large' });
  edit.actor.send({ type: 'edit.save' });
  await edit.save.last().resolve({ kind: 'conflict', current: { ...lamp, version: 4, price: 549 } });
  expect(edit.actor.getSnapshot().value).toBe('conflict');
  return edit;
}

describe('admin edit machine: loading a record', () => {
  it('reads the record by its id, busy, then shows it unchanged', async () => {
    const { actor, load } = startEdit({ id: 4, draft: blank });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(load.last().input).toEqual({ id: 4 });
    expect(actor.getSnapshot().can({ type: 'edit.save' })).toBe(false);

    await load.last().resolve(lamp);
    const pristine = actor.getSnapshot();
    expect(pristine.value).toEqual({ editing: 'pristine' });
    expect(selectRecord(pristine)).toEqual(lamp);
    expect(selectDraft(pristine)).toEqual(lamp);
    // The draft is a copy: editing it never changes the record it started from.
    expect(selectDraft(pristine)).not.toBe(selectRecord(pristine));
    expect(selectIsDirty(pristine)).toBe(false);
    expect(selectEditError(pristine)).toBeUndefined();
  });

  it('fails with the message and reads the record again on retry', async () => {
    const { actor, load } = startEdit({ id: 4 });
    await load.last().reject(new Error('Product not found'));
    const failed = actor.getSnapshot();
    expect(failed.value).toBe('failed');
    expect(selectLoadFailed(failed)).toBe(true);
    expect(selectEditError(failed)).toBe('Product not found');
    expect(failed.can({ type: 'edit.save' })).toBe(false);

    actor.send({ type: 'edit.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(load.calls).toHaveLength(2);
    await load.last().resolve(lamp);
    expect(actor.getSnapshot().value).toEqual({ editing: 'pristine' });
    expect(selectEditError(actor.getSnapshot())).toBeUndefined();
  });

  it('says it failed to load when the error has no message', async () => {
    const { actor, load } = startEdit({ id: 4 });
    await load.last().reject(new Error(''));
    expect(selectEditError(actor.getSnapshot())).toBe(adminEditMessages.loadFailed);
  });
});

describe('admin edit machine: editing and saving', () => {
  it('a change makes the form dirty; Discard changes returns to the record', async () => {
    const { actor } = await editingLamp();
    expect(actor.getSnapshot().can({ type: 'edit.reset' })).toBe(false);
    actor.send({ type: 'edit.change', field: 'price', value: 549 });
    const dirty = actor.getSnapshot();
    expect(dirty.value).toEqual({ editing: 'dirty' });
    expect(selectIsDirty(dirty)).toBe(true);
    expect(selectDraft(dirty)).toEqual({ ...lamp, price: 549 });
    expect(selectRecord(dirty)).toEqual(lamp);

    actor.send({ type: 'edit.reset' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'pristine' });
    expect(selectDraft(actor.getSnapshot())).toEqual(lamp);
  });

  it('saves the draft with the version it started from, busy; the saved record becomes the form', async () => {
    const { actor, save, created } = await editingLamp();
    actor.send({ type: 'edit.change', field: 'price', value: 549 });
    actor.send({ type: 'edit.save' });
    const saving = actor.getSnapshot();
    expect(saving.value).toBe('saving');
    expect(selectIsSaving(saving)).toBe(true);
    expect(saving.hasTag('busy')).toBe(true);
    expect(save.last().input).toEqual({ id: 4, draft: { ...lamp, price: 549 }, version: 3 });

    const stored = { ...lamp, price: 549, version: 4, updatedAt: '2026-03-02T06:30:00.000Z' };
    await save.last().resolve({ kind: 'saved', record: stored });
    const saved = actor.getSnapshot();
    expect(saved.value).toBe('saved');
    expect(selectIsSaved(saved)).toBe(true);
    expect(selectRecord(saved)).toEqual(stored);
    expect(selectDraft(saved)).toEqual(stored);
    // Saving an existing record is not creating one: the page is not sent anywhere.
    expect(created.filter((record) => record.id !== undefined)).toEqual([]);

    // The next save starts from the version just saved.
    actor.send({ type: 'edit.change', field: 'name', value: 'Brass diya (large)' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'dirty' });
    actor.send({ type: 'edit.save' });
    expect(save.last().input.version).toBe(4);
  });

  it('a refused save returns to the form with the reason, every value kept; typing clears it', async () => {
    const { actor, save } = await editingLamp();
    actor.send({ type: 'edit.change', field: 'price', value: -1 });
    actor.send({ type: 'edit.save' });
    await save.last().resolve({ kind: 'refused', message: 'The price must be at least ₹1' });
    const refused = actor.getSnapshot();
    expect(refused.value).toEqual({ editing: 'dirty' });
    expect(selectEditError(refused)).toBe('The price must be at least ₹1');
    expect(selectDraft(refused)).toEqual({ ...lamp, price: -1 });
    expect(selectRecord(refused)).toEqual(lamp);

    actor.send({ type: 'edit.change', field: 'price', value: 1 });
    expect(selectEditError(actor.getSnapshot())).toBeUndefined();
  });

  it('a save with no answer returns to the form with the error, and Save tries again', async () => {
    const { actor, save } = await editingLamp();
    actor.send({ type: 'edit.save' });
    await save.last().reject(new Error('Failed to fetch'));
    expect(actor.getSnapshot().value).toEqual({ editing: 'dirty' });
    expect(selectEditError(actor.getSnapshot())).toBe('Failed to fetch');

    actor.send({ type: 'edit.save' });
    expect(save.calls).toHaveLength(2);
    expect(save.last().input).toEqual({ id: 4, draft: lamp, version: 3 });
    await save.last().reject(new Error(''));
    expect(selectEditError(actor.getSnapshot())).toBe(adminEditMessages.saveFailed);

    actor.send({ type: 'edit.save' });
    await save.last().resolve({ kind: 'saved', record: { ...lamp, version: 4 } });
    expect(actor.getSnapshot().value).toBe('saved');
    expect(selectEditError(actor.getSnapshot())).toBeUndefined();
  });

  it('takes no second save while one is under way', async () => {
    const { actor, save } = await editingLamp();
    actor.send({ type: 'edit.save' });
    expect(actor.getSnapshot().can({ type: 'edit.save' })).toBe(false);
    actor.send({ type: 'edit.save' });
    expect(save.calls).toHaveLength(1);
  });
});

describe('admin edit machine: creating a record', () => {
  it('starts from the blank form without reading anything, and saves without an id or version', async () => {
    const { actor, load, save, created } = startEdit({ id: null, draft: blank });
    expect(actor.getSnapshot().value).toEqual({ editing: 'pristine' });
    expect(selectDraft(actor.getSnapshot())).toEqual(blank);
    expect(selectRecord(actor.getSnapshot())).toBeNull();
    expect(load.calls).toHaveLength(0);

    actor.send({ type: 'edit.change', field: 'name', value: 'Camphor tablets' });
    actor.send({ type: 'edit.save' });
    expect(save.last().input).toEqual({
      id: null,
      draft: { ...blank, name: 'Camphor tablets' },
      version: null,
    });

    const stored = { ...blank, id: 31, version: 1, name: 'Camphor tablets' };
    await save.last().resolve({ kind: 'saved', record: stored });
    expect(actor.getSnapshot().value).toBe('saved');
    expect(created).toEqual([stored]);
    expect(actor.getSnapshot().context.id).toBe(31);

    // From now on it is that record's form.
    actor.send({ type: 'edit.change', field: 'price', value: 60 });
    actor.send({ type: 'edit.save' });
    expect(save.last().input).toMatchObject({ id: 31, version: 1 });
    await save.last().resolve({ kind: 'saved', record: { ...stored, price: 60, version: 2 } });
    expect(created.filter((record) => record.id !== undefined)).toEqual([stored]);
  });

  it('starts from an empty draft when the page gives none', () => {
    const { actor } = startEdit({ id: null });
    expect(selectDraft(actor.getSnapshot())).toEqual({});
  });

  it('Discard changes on a new record returns to the blank form', () => {
    const { actor } = startEdit({ id: null, draft: blank });
    actor.send({ type: 'edit.change', field: 'name', value: 'Camphor tablets' });
    actor.send({ type: 'edit.change', field: 'price', value: 60 });
    actor.send({ type: 'edit.reset' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'pristine' });
    expect(selectDraft(actor.getSnapshot())).toEqual(blank);
  });
});

describe('admin edit machine: someone else saved first', () => {
  it('keeps every value typed and shows theirs beside it, the fields each side changed listed', async () => {
    const { actor } = await inConflict();
    const conflict = actor.getSnapshot();
    expect(selectIsConflict(conflict)).toBe(true);
    expect(selectDraft(conflict)).toEqual({ ...lamp, name: 'Brass diya, large' });
    expect(selectTheirs(conflict)).toEqual({ ...lamp, version: 4, price: 549 });
    expect(selectRecord(conflict)).toEqual(lamp);
    expect(selectEditError(conflict)).toBeUndefined();
    expect(conflictChanges(conflict, ['name', 'price', 'image'])).toEqual([
      { field: 'name', before: 'Brass diya', mine: 'Brass diya, large', theirs: 'Brass diya' },
      { field: 'price', before: 499, mine: 499, theirs: 549 },
    ]);
    // Saving again is a choice between the two, not the Save button.
    expect(conflict.can({ type: 'edit.save' })).toBe(false);
    expect(conflict.can({ type: 'edit.reset' })).toBe(false);
  });

  it('"Save mine over theirs" saves from their version: my changes on top, theirs kept elsewhere', async () => {
    const { actor, save } = await inConflict();
    actor.send({ type: 'conflict.keepMine' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(save.last().input).toEqual({
      id: 4,
      draft: { ...lamp, version: 4, price: 549, name: 'Brass diya, large' },
      version: 4,
    });
    expect(selectTheirs(actor.getSnapshot())).toBeNull();

    const stored = { ...lamp, version: 5, price: 549, name: 'Brass diya, large' };
    await save.last().resolve({ kind: 'saved', record: stored });
    expect(actor.getSnapshot().value).toBe('saved');
    expect(selectDraft(actor.getSnapshot())).toEqual(stored);
  });

  it('changes made while comparing are saved too', async () => {
    const { actor, save } = await inConflict();
    actor.send({ type: 'edit.change', field: 'image', value: '/media/diya-2.webp' });
    expect(actor.getSnapshot().value).toBe('conflict');
    actor.send({ type: 'image.uploaded', field: 'photo', url: '/media/side.webp' });
    expect(actor.getSnapshot().value).toBe('conflict');
    actor.send({ type: 'conflict.keepMine' });
    expect(save.last().input.draft).toEqual({
      ...lamp,
      version: 4,
      price: 549,
      name: 'Brass diya, large',
      image: '/media/diya-2.webp',
      photo: '/media/side.webp',
    });
  });

  it('a second conflict while saving mine over theirs compares with the newest save', async () => {
    const { actor, save } = await inConflict();
    actor.send({ type: 'conflict.keepMine' });
    await save.last().resolve({ kind: 'conflict', current: { ...lamp, version: 5, price: 599 } });
    expect(actor.getSnapshot().value).toBe('conflict');
    expect(selectTheirs(actor.getSnapshot())).toEqual({ ...lamp, version: 5, price: 599 });
    actor.send({ type: 'conflict.keepMine' });
    // The price they saved twice is theirs; the name is still mine.
    expect(save.last().input).toEqual({
      id: 4,
      draft: { ...lamp, version: 5, price: 599, name: 'Brass diya, large' },
      version: 5,
    });
  });

  it('"Keep theirs" drops my changes: their record becomes the unchanged form', async () => {
    const { actor, save } = await inConflict();
    actor.send({ type: 'conflict.takeTheirs' });
    const pristine = actor.getSnapshot();
    expect(pristine.value).toEqual({ editing: 'pristine' });
    expect(selectDraft(pristine)).toEqual({ ...lamp, version: 4, price: 549 });
    expect(selectRecord(pristine)).toEqual({ ...lamp, version: 4, price: 549 });
    expect(selectTheirs(pristine)).toBeNull();
    actor.send({ type: 'edit.save' });
    expect(save.last().input.version).toBe(4);
  });
});

describe('admin edit machine: a step taken beside the form', () => {
  const retired = { ...lamp, version: 4, retiredAt: '2026-11-27T10:00:00.000Z' };

  it('an unchanged form takes the retired record as it is, and saves from its version', async () => {
    const { actor, save } = await editingLamp();
    actor.send({ type: 'edit.rebase', record: retired });
    expect(actor.getSnapshot().value).toEqual({ editing: 'pristine' });
    expect(selectRecord(actor.getSnapshot())).toEqual(retired);
    actor.send({ type: 'edit.change', field: 'price', value: 549 });
    actor.send({ type: 'edit.save' });
    expect(save.last().input).toMatchObject({
      version: 4,
      draft: { price: 549, retiredAt: retired.retiredAt },
    });
  });

  it('a form with changes keeps them on the new base, still unsaved', async () => {
    const { actor, save } = await editingLamp();
    actor.send({ type: 'edit.change', field: 'name', value: 'Brass diya, large' });
    actor.send({ type: 'edit.rebase', record: retired });
    expect(actor.getSnapshot().value).toEqual({ editing: 'dirty' });
    expect(selectDraft(actor.getSnapshot())).toEqual({ ...retired, name: 'Brass diya, large' });
    actor.send({ type: 'edit.save' });
    expect(save.last().input.version).toBe(4);
  });

  it('a saved form takes it too, so the next save is not refused as a conflict', async () => {
    const { actor, save } = await editingLamp();
    actor.send({ type: 'edit.change', field: 'price', value: 549 });
    actor.send({ type: 'edit.save' });
    await save.last().resolve({ kind: 'saved', record: { ...lamp, version: 4, price: 549 } });
    actor.send({ type: 'edit.rebase', record: { ...retired, version: 5, price: 549 } });
    expect(actor.getSnapshot().value).toBe('saved');
    actor.send({ type: 'edit.change', field: 'name', value: 'Brass diya, small' });
    actor.send({ type: 'edit.save' });
    expect(save.last().input.version).toBe(5);
  });
});

describe('admin edit machine: images', () => {
  it('uploads a chosen photo in its own child; its URL goes into the draft', async () => {
    const { actor, upload, uploadOf } = await editingLamp();
    const file = photo();
    actor.send({ type: 'image.choose', field: 'image', slot: 'product', file });
    const child = uploadOf('image');
    expect(child?.getSnapshot().value).toBe('uploading');
    expect(upload.last().input).toEqual({ field: 'image', slot: 'product', file });
    // The form stays usable while the photo goes up.
    expect(actor.getSnapshot().value).toEqual({ editing: 'pristine' });

    await upload.last().resolve('/media/product/new-900.webp');
    expect(child?.getSnapshot().value).toBe('uploaded');
    expect(actor.getSnapshot().value).toEqual({ editing: 'dirty' });
    expect(selectDraft(actor.getSnapshot()).image).toBe('/media/product/new-900.webp');
  });

  it('a photo refused by its type changes nothing in the form', async () => {
    const { actor, upload, uploadOf } = await editingLamp();
    actor.send({ type: 'image.choose', field: 'image', slot: 'product', file: photo('image/svg+xml') });
    expect(uploadOf('image')?.getSnapshot().context.error).toBe(imageUploadMessages.notAPhoto);
    expect(upload.calls).toHaveLength(0);
    expect(actor.getSnapshot().value).toEqual({ editing: 'pristine' });
    expect(selectDraft(actor.getSnapshot())).toEqual(lamp);
  });

  it('an upload that finishes after the save makes the saved form dirty again', async () => {
    const { actor, save } = await editingLamp();
    actor.send({ type: 'edit.save' });
    await save.last().resolve({ kind: 'saved', record: { ...lamp, version: 4 } });
    actor.send({ type: 'image.uploaded', field: 'image', url: '/media/later.webp' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'dirty' });
    expect(selectDraft(actor.getSnapshot()).image).toBe('/media/later.webp');
  });

  it('a photo whose upload ends while the form saves goes back into the form after the save, unsaved', async () => {
    const { actor, save, upload } = await editingLamp();
    actor.send({ type: 'image.choose', field: 'image', slot: 'product', file: photo() });
    actor.send({ type: 'edit.change', field: 'name', value: 'Brass diya, large' });
    actor.send({ type: 'edit.save' });
    expect(save.last().input.draft.image).toBe(lamp.image);
    await upload.last().resolve('/media/late.webp');
    expect(actor.getSnapshot().value).toBe('saving');
    await save.last().resolve({ kind: 'saved', record: { ...lamp, version: 4, name: 'Brass diya, large' } });
    // Saved without the photo: the form holds it, dirty, and the next save sends it.
    expect(actor.getSnapshot().value).toEqual({ editing: 'dirty' });
    expect(selectRecord(actor.getSnapshot())?.version).toBe(4);
    expect(selectDraft(actor.getSnapshot()).image).toBe('/media/late.webp');
    actor.send({ type: 'edit.save' });
    expect(save.last().input).toMatchObject({ version: 4, draft: { image: '/media/late.webp' } });
    await save.last().resolve({ kind: 'saved', record: { ...lamp, version: 5, image: '/media/late.webp' } });
    expect(actor.getSnapshot().value).toBe('saved');
  });

  it('a photo that ends during a save refused for conflict stays in my side of the comparison', async () => {
    const { actor, save, upload } = await editingLamp();
    actor.send({ type: 'image.choose', field: 'image', slot: 'product', file: photo() });
    actor.send({ type: 'edit.save' });
    await upload.last().resolve('/media/late.webp');
    await save.last().resolve({ kind: 'conflict', current: { ...lamp, version: 4, price: 549 } });
    expect(actor.getSnapshot().value).toBe('conflict');
    expect(selectDraft(actor.getSnapshot()).image).toBe('/media/late.webp');
    actor.send({ type: 'conflict.keepMine' });
    await save.last().resolve({ kind: 'saved', record: { ...lamp, version: 5, image: '/media/late.webp' } });
    // Nothing of the earlier save's late photo is put back a second time.
    expect(actor.getSnapshot().value).toBe('saved');
  });

  it('a second photo chosen for the field while the first uploads replaces it: the first is cancelled', async () => {
    const { actor, upload, uploadOf } = await editingLamp();
    actor.send({ type: 'image.choose', field: 'image', slot: 'product', file: photo() });
    const first = upload.last();
    actor.send({ type: 'image.choose', field: 'image', slot: 'product', file: photo('image/png') });
    const second = upload.last();
    expect(upload.calls).toHaveLength(2);
    expect(first.signal.aborted).toBe(true);

    await second.resolve('/media/second.webp');
    expect(uploadOf('image')?.getSnapshot().value).toBe('uploaded');
    expect(selectDraft(actor.getSnapshot()).image).toBe('/media/second.webp');
    // The first upload's late answer must not replace the photo chosen last.
    await first.resolve('/media/first.webp');
    expect(selectDraft(actor.getSnapshot()).image).toBe('/media/second.webp');
  });

  it('photos for two fields upload side by side', async () => {
    const { actor, upload, uploadOf } = await editingLamp();
    actor.send({ type: 'image.choose', field: 'image', slot: 'product', file: photo() });
    actor.send({ type: 'image.choose', field: 'photo', slot: 'astrologer', file: photo() });
    const [image, portrait] = upload.calls;
    await portrait?.resolve('/media/portrait.webp');
    await image?.resolve('/media/image.webp');
    expect(uploadOf('image')?.getSnapshot().value).toBe('uploaded');
    expect(uploadOf('photo')?.getSnapshot().value).toBe('uploaded');
    expect(selectDraft(actor.getSnapshot())).toMatchObject({
      image: '/media/image.webp',
      photo: '/media/portrait.webp',
    });
  });
});
