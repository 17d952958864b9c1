import { assign, setup } from 'xstate';
import { errorMessageOr, unprovided } from '../shared/actor-events.ts';

/** A list's filter as the URL's query holds it: `status=processing&q=DPS-2026`. */
export type ListQuery = Record<string, string>;

export interface AdminListContext<D = unknown> {
  query: ListQuery;
  /** The page the server answered for `query`. */
  data: D | null;
  error: { message: string } | null;
  /** Why the last export failed, if it did. */
  exportError: string | null;
}

export type AdminListEvent =
  /** New filters (a status tab, dates, a search): page 1 of what they match. */
  | { type: 'list.filter'; query: ListQuery }
  | { type: 'list.page'; offset: number }
  | { type: 'list.reload' }
  | { type: 'list.retry' }
  | { type: 'list.export' };

const cleaned = (query: ListQuery): ListQuery =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== '' && value !== undefined));

/**
 * A back-office queue or list (docs/product-rules.md, Roles and the back office): `loading` the
 * page the query asks for, `ready` to filter, page and export, `failed` with Retry. The query is
 * the URL's (`syncUrl`, supplied by the page, keeps the address in step, so a queue can be linked
 * to from Today and reloaded where it was). While `ready`, exporting downloads what the filter
 * shows as CSV (`exportList`), in its own region so the list stays usable.
 *
 * One chart for every list: `D` is a page of its data (src/live/admin.ts makes each list's machine
 * typed by its API call). The page is stored in place: XState cannot name an action whose
 * parameter is a type parameter.
 */
export function createAdminListMachine<D>() {
  return setup({
    types: {
      context: {} as AdminListContext<D>,
      events: {} as AdminListEvent,
      input: {} as { query: ListQuery },
    },
    actors: {
      loadList: unprovided<D, { query: ListQuery }>('loadList not provided'),
      exportList: unprovided<void, { query: ListQuery }>('exportList not provided'),
    },
    actions: {
      setQuery: assign({ query: (_, query: ListQuery) => cleaned(query) }),
      setOffset: assign({
        query: ({ context }, offset: number) =>
          cleaned({ ...context.query, offset: offset > 0 ? String(offset) : '' }),
      }),
      storeError: assign({ error: (_, message: string) => ({ message }) }),
      storeExportError: assign({ exportError: (_, message: string | null) => message }),
      /** Supplied by the page: the address follows the filter. */
      syncUrl: (_, _query: ListQuery) => {},
    },
  }).createMachine({
    id: 'adminList',
    context: ({ input }) => ({ query: cleaned(input.query), data: null, error: null, exportError: null }),
    initial: 'loading',
    on: {
      'list.filter': {
        target: '.loading',
        actions: [
          { type: 'setQuery', params: ({ event }) => ({ ...event.query, offset: '' }) },
          { type: 'syncUrl', params: ({ context }) => context.query },
        ],
      },
    },
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          src: 'loadList',
          input: ({ context }) => ({ query: context.query }),
          onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, error: null }) },
          onError: {
            target: 'failed',
            actions: { type: 'storeError', params: errorMessageOr('Failed to load the list') },
          },
        },
      },
      failed: { on: { 'list.retry': 'loading' } },
      ready: {
        on: {
          'list.page': {
            target: 'loading',
            actions: [
              { type: 'setOffset', params: ({ event }) => event.offset },
              { type: 'syncUrl', params: ({ context }) => context.query },
            ],
          },
          'list.reload': 'loading',
        },
        initial: 'idle',
        states: {
          idle: { on: { 'list.export': 'exporting' } },
          exporting: {
            tags: ['exporting'],
            entry: { type: 'storeExportError', params: null },
            invoke: {
              src: 'exportList',
              input: ({ context }) => ({ query: context.query }),
              onDone: 'idle',
              onError: {
                target: 'idle',
                actions: { type: 'storeExportError', params: errorMessageOr('The export failed') },
              },
            },
          },
        },
      },
    },
  });
}

/** A list's machine with pages of `D`. */
export type AdminListMachine<D> = ReturnType<typeof createAdminListMachine<D>>;

/** The chart with any data, for the Stately visualiser, the diagrams and the model tests. */
export const adminListMachine = createAdminListMachine<unknown>();
