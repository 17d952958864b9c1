import { adminListMachine, type AdminListEvent } from '../../../machines/admin-list/admin-list.machine.ts';
import type { EventFixtures, MachineModel } from './coverage.ts';

const events = {
  'list.filter': [
    { type: 'list.filter', query: { status: 'packed', q: '' } },
    { type: 'list.filter', query: {} },
  ],
  'list.page': [
    { type: 'list.page', offset: 20 },
    { type: 'list.page', offset: 0 },
  ],
  'list.reload': [{ type: 'list.reload' }],
  'list.retry': [{ type: 'list.retry' }],
  'list.export': [{ type: 'list.export' }],
} satisfies EventFixtures<AdminListEvent>;

export const adminListModel: MachineModel<typeof adminListMachine> = {
  name: 'admin-list',
  machine: adminListMachine,
  inputs: [{ label: 'orders to pack, from Today', input: { query: { status: 'processing', q: '' } } }],
  events,
  actors: {
    loadList: {
      done: [{ items: [{ id: 12 }], total: 21 }],
      error: [new Error('Failed to fetch')],
    },
    exportList: {
      done: [undefined],
      error: [new Error('Too many rows to export'), new Error('')],
    },
  },
  abstract: ({ context }) => ({
    query: context.query,
    data: context.data !== null,
    error: context.error?.message ?? null,
    exportError: context.exportError,
  }),
};
