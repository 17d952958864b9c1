import { assign, setup } from 'xstate';
import { errorOf, outputOf, unprovided } from '../shared/actor-events.ts';

/**
 * A list's filters as they stand in the route's query (`/products?q=rudra&sort=price-asc`): names
 * and texts, as typed. An empty text is kept while it is being edited (a cleared price box stays
 * empty) and dropped from the query the list asks for.
 */
export type ListQuery = Readonly<Record<string, string>>;

/** One page of the list and how many items the whole filtered list holds. */
export interface ListPage {
  items: readonly unknown[];
  total: number;
}

export interface LoadPageInput {
  query: ListQuery;
  offset: number;
  limit: number;
}

export interface CatalogueListInput {
  /** The filters the route opened with. */
  query: ListQuery;
  /** Where Reset leads: the route's own filters (a category in `/products/{id}`), or none. */
  base: ListQuery;
  /** Items asked for at a time. */
  pageSize: number;
}

export interface CatalogueListContext {
  /** The filters the items answer (empty texts dropped): what the route's query says. */
  query: ListQuery;
  /** What the filter form shows: the query plus any text still being typed. */
  draft: ListQuery;
  base: ListQuery;
  pageSize: number;
  /** The pages loaded so far for `query`; undefined until the first answer. */
  items: readonly unknown[] | undefined;
  total: number;
  error: { message: string } | undefined;
}

export type CatalogueListEvent =
  /** Text the customer is typing (search, price): applied once typing pauses. */
  | { type: 'list.edit'; changes: ListQuery }
  /** A choice (category, sort, date filter): applied at once, with any text still pending. */
  | { type: 'list.filter'; changes: ListQuery }
  | { type: 'list.reset' }
  | { type: 'list.more' }
  | { type: 'list.retry' }
  /** The route's query changed from outside the list (a link, Back, a shared URL). */
  | { type: 'list.routed'; query: ListQuery; base: ListQuery };

/** The filters without empty texts, names in a fixed order. */
export function compactQuery(query: ListQuery): ListQuery {
  return Object.fromEntries(
    Object.keys(query)
      .sort()
      .filter((key) => query[key] !== '')
      .map((key) => [key, query[key]!]),
  );
}

export function sameQuery(a: ListQuery, b: ListQuery): boolean {
  return JSON.stringify(compactQuery(a)) === JSON.stringify(compactQuery(b));
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong';
}

/**
 * A catalogue list that asks the server for what it shows (docs/product-rules.md, Catalogue
 * queries): `loading` the first page for the query, `showing` it (`idle`, `loadingMore` the next
 * page on `list.more`, `moreFailed`), or `failed` (Retry loads again). Typing (`list.edit`) waits
 * in `settling` until the customer pauses, so a keystroke costs no request; a choice
 * (`list.filter`) or `list.reset` asks at once. Leaving a loading state cancels its request, so a
 * stale answer never replaces a newer one. Each applied query is written to the route
 * (`writeQuery`, supplied by the app), so a filtered list can be shared and survives a reload;
 * `list.routed` follows a route changed from outside. The page supplies `loadPage`.
 */
export const catalogueListMachine = setup({
  types: {
    input: {} as CatalogueListInput,
    context: {} as CatalogueListContext,
    events: {} as CatalogueListEvent,
  },
  actors: {
    loadPage: unprovided<ListPage, LoadPageInput>('No page loader was provided'),
  },
  actions: {
    editDraft: assign({
      draft: ({ context }, changes: ListQuery) => ({ ...context.draft, ...changes }),
    }),
    resetDraft: assign({ draft: ({ context }) => context.base }),
    applyDraft: assign({ query: ({ context }) => compactQuery(context.draft) }),
    followRoute: assign((_, route: { query: ListQuery; base: ListQuery }) => ({
      query: compactQuery(route.query),
      draft: route.query,
      base: route.base,
    })),
    /** Writes the applied query to the route; the app supplies it (a replace, not a new history entry). */
    writeQuery: (_, _query: ListQuery) => {},
    storeFirstPage: assign((_, page: ListPage) => ({
      items: page.items,
      total: page.total,
      error: undefined,
    })),
    appendPage: assign(({ context }, page: ListPage) => ({
      items: [...(context.items ?? []), ...page.items],
      total: page.total,
      error: undefined,
    })),
    storeError: assign({ error: (_, error: unknown) => ({ message: messageOf(error) }) }),
  },
  guards: {
    isDraftNew: ({ context }) => !sameQuery(context.draft, context.query),
    isFilterNew: ({ context }, changes: ListQuery) =>
      !sameQuery({ ...context.draft, ...changes }, context.query),
    isRouteNew: ({ context }, query: ListQuery) => !sameQuery(query, context.query),
    hasShownAPage: ({ context }) => context.items !== undefined,
    hasMore: ({ context }) => (context.items?.length ?? 0) < context.total,
  },
  delays: {
    /** How long typing must pause before the list asks the server. */
    settle: 250,
  },
}).createMachine({
  id: 'catalogueList',
  context: ({ input }) => ({
    query: compactQuery(input.query),
    draft: input.query,
    base: input.base,
    pageSize: input.pageSize,
    items: undefined,
    total: 0,
    error: undefined,
  }),
  initial: 'loading',
  on: {
    'list.edit': {
      target: '.settling',
      reenter: true,
      actions: { type: 'editDraft', params: ({ event }) => event.changes },
    },
    'list.filter': [
      {
        guard: { type: 'isFilterNew', params: ({ event }) => event.changes },
        target: '.loading',
        reenter: true,
        actions: [
          { type: 'editDraft', params: ({ event }) => event.changes },
          'applyDraft',
          { type: 'writeQuery', params: ({ context }) => context.query },
        ],
      },
      // The same filters again (a pressed button pressed again): only the form follows.
      { actions: { type: 'editDraft', params: ({ event }) => event.changes } },
    ],
    'list.reset': {
      target: '.loading',
      reenter: true,
      actions: ['resetDraft', 'applyDraft', { type: 'writeQuery', params: ({ context }) => context.query }],
    },
    'list.routed': {
      guard: { type: 'isRouteNew', params: ({ event }) => event.query },
      target: '.loading',
      reenter: true,
      actions: { type: 'followRoute', params: ({ event }) => ({ query: event.query, base: event.base }) },
    },
  },
  states: {
    settling: {
      tags: ['busy'],
      after: {
        settle: [
          {
            guard: 'isDraftNew',
            target: 'loading',
            actions: ['applyDraft', { type: 'writeQuery', params: ({ context }) => context.query }],
          },
          // Typed and taken back: the list already answers this query.
          { guard: 'hasShownAPage', target: 'showing' },
          { target: 'loading' },
        ],
      },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadPage',
        input: ({ context }) => ({ query: context.query, offset: 0, limit: context.pageSize }),
        onDone: { target: 'showing', actions: { type: 'storeFirstPage', params: outputOf<ListPage> } },
        onError: { target: 'failed', actions: { type: 'storeError', params: errorOf } },
      },
    },
    showing: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'list.more': { guard: 'hasMore', target: 'loadingMore' } },
        },
        loadingMore: {
          tags: ['busy'],
          invoke: {
            src: 'loadPage',
            input: ({ context }) => ({
              query: context.query,
              offset: context.items?.length ?? 0,
              limit: context.pageSize,
            }),
            onDone: { target: 'idle', actions: { type: 'appendPage', params: outputOf<ListPage> } },
            onError: { target: 'moreFailed', actions: { type: 'storeError', params: errorOf } },
          },
        },
        moreFailed: {
          on: { 'list.retry': 'loadingMore', 'list.more': 'loadingMore' },
        },
      },
    },
    failed: {
      on: { 'list.retry': 'loading' },
    },
  },
});
