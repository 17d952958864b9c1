import {
  adminEditMachine,
  type AdminEditEvent,
  type EditRecord,
} from '../../../machines/admin-edit/admin-edit.machine.ts';
import type { EventFixtures, MachineModel } from './coverage.ts';

const blank: EditRecord = { name: '', price: '', image: '' };
const lamp: EditRecord = { id: 4, version: 3, name: 'Brass diya', price: 499, image: '/media/diya.webp' };

const events = {
  'edit.change': [
    { type: 'edit.change', field: 'name', value: 'Brass diya, large' },
    { type: 'edit.change', field: 'price', value: 549 },
  ],
  'edit.save': [{ type: 'edit.save' }],
  'edit.reset': [{ type: 'edit.reset' }],
  'edit.retry': [{ type: 'edit.retry' }],
  'conflict.keepMine': [{ type: 'conflict.keepMine' }],
  'conflict.takeTheirs': [{ type: 'conflict.takeTheirs' }],
  'image.choose': [
    {
      type: 'image.choose',
      field: 'image',
      slot: 'product',
      file: new Blob([new Uint8Array(64)], { type: 'image/jpeg' }),
    },
  ],
  'image.uploaded': [{ type: 'image.uploaded', field: 'image', url: '/media/product/new-900.webp' }],
  'edit.rebase': [
    { type: 'edit.rebase', record: { ...lamp, version: 4, retiredAt: '2026-11-27T10:00:00.000Z' } },
  ],
} satisfies EventFixtures<AdminEditEvent>;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export const adminEditModel: MachineModel<typeof adminEditMachine> = {
  name: 'admin-edit',
  machine: adminEditMachine,
  inputs: [
    { label: 'product 4 opened', input: { id: 4, draft: blank } },
    { label: 'a new product', input: { id: null, draft: blank } },
  ],
  events,
  actors: {
    loadRecord: {
      done: [lamp],
      error: [new Error('Failed to fetch')],
    },
    saveRecord: {
      done: [
        { kind: 'saved', record: { ...lamp, version: 4, name: 'Brass diya, large' } },
        { kind: 'conflict', current: { ...lamp, version: 5, price: 549 } },
        { kind: 'refused', message: 'The price must be at least ₹1' },
      ],
      error: [new Error('Failed to fetch')],
    },
    // Spawned by `image.choose`, never invoked: the run starts it and leaves it uploading (what it
    // reports is the `image.uploaded` fixture; tests/machines/admin-edit.test.ts runs the real one).
    imageUpload: {},
  },
  // The draft as the fields that differ from what the form started from, so the space stays small.
  abstract: ({ context }) => {
    const base = context.record ?? context.blank;
    return {
      id: context.id,
      version: context.record?.version ?? null,
      changed: Object.keys(context.draft)
        .filter((field) => !same(context.draft[field], base[field]))
        .sort(),
      theirs: context.theirs?.version ?? null,
      error: context.error?.message ?? null,
      late: Object.keys(context.late).sort(),
    };
  },
};
