import {
  catalogueListMachine,
  compactQuery,
  sameQuery,
  type CatalogueListEvent,
} from '../../../machines/catalogue-list/catalogue-list.machine.ts';
import { bareEvents, type EventFixtures, type MachineModel } from './coverage.ts';

const events = {
  'list.edit': [
    { type: 'list.edit', changes: { q: 'rudra' } },
    { type: 'list.edit', changes: { q: '' } },
  ],
  'list.filter': [
    { type: 'list.filter', changes: { sort: 'price-asc' } },
    { type: 'list.filter', changes: { sort: '' } },
  ],
  ...bareEvents('list.reset', 'list.more', 'list.retry'),
  'list.routed': [
    { type: 'list.routed', query: { category: '5' }, base: { category: '5' } },
    { type: 'list.routed', query: {}, base: {} },
  ],
} satisfies EventFixtures<CatalogueListEvent>;

export const catalogueListModel: MachineModel<typeof catalogueListMachine> = {
  name: 'catalogue-list',
  machine: catalogueListMachine,
  inputs: [
    { label: 'all products', input: { query: {}, base: {}, pageSize: 2 } },
    { label: 'a category route', input: { query: { category: '5' }, base: { category: '5' }, pageSize: 2 } },
  ],
  events,
  actors: {
    loadPage: {
      // A page with more after it, and the last one.
      done: [
        { items: [1, 2], total: 5 },
        { items: [1, 2], total: 2 },
      ],
      error: [new Error('Failed to fetch products')],
    },
  },
  abstract: ({ context }) => ({
    query: compactQuery(context.query),
    draftIsNew: !sameQuery(context.draft, context.query),
    base: context.base,
    shown: context.items !== undefined,
    more: (context.items?.length ?? 0) < context.total,
    error: context.error !== undefined,
  }),
};
