import { assign, setup } from 'xstate';
import { isRefused } from '../../contract/refusal.ts';
import { errorOf, outputOf, unprovided } from '../shared/actor-events.ts';

/**
 * Why a load failed, as far as a retry is concerned: `not_found` (the server has no such
 * record), `refused` (another refusal that asking again cannot change), or no code for what a
 * retry can fix (no answer, a 5xx, 408, 429, an unreadable response). The loader rejects with the
 * server's `Refused` when it refused (the API client's classifier decides, docs/decisions/0069);
 * docs/product-rules.md, Messages and errors.
 */
export type ResourceErrorCode = 'not_found' | 'refused';

export interface ResourceContext {
  data: unknown;
  error: { message: string; code?: ResourceErrorCode } | undefined;
}

export type ResourceEvent = { type: 'resource.retry' } | { type: 'resource.reload' };

function messageOf(error: unknown): string {
  if (isRefused(error)) return error.message || 'Something went wrong';
  return error instanceof Error && error.message ? error.message : 'Something went wrong';
}

function codeOf(error: unknown): ResourceErrorCode | undefined {
  if (!isRefused(error)) return undefined;
  return error.notFound ? 'not_found' : 'refused';
}

function resourceError(error: unknown): NonNullable<ResourceContext['error']> {
  const code = codeOf(error);
  return code ? { message: messageOf(error), code } : { message: messageOf(error) };
}

/**
 * One read from the API: loading -> loaded, or loading -> failed, from which `resource.retry`
 * loads again when a retry can help (not after a 404 or another refusal). `resource.reload` refreshes loaded data. The page supplies `load` with .provide().
 */
export const resourceMachine = setup({
  types: {
    context: {} as ResourceContext,
    events: {} as ResourceEvent,
  },
  actors: {
    load: unprovided<unknown, void>('No loader was provided'),
  },
  actions: {
    storeData: assign({ data: (_, data: unknown) => data, error: undefined }),
    storeError: assign({ error: (_, error: unknown) => resourceError(error) }),
  },
  guards: {
    isRetryable: ({ context }) => context.error?.code === undefined,
  },
}).createMachine({
  id: 'resource',
  context: { data: undefined, error: undefined },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'load',
        onDone: { target: 'loaded', actions: { type: 'storeData', params: outputOf<unknown> } },
        onError: { target: 'failed', actions: { type: 'storeError', params: errorOf } },
      },
    },
    loaded: {
      on: { 'resource.reload': 'loading' },
    },
    failed: {
      on: { 'resource.retry': { guard: 'isRetryable', target: 'loading' } },
    },
  },
});
