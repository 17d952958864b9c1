import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';

export interface ResourceContext {
  data: unknown;
  error: { message: string } | undefined;
}

export type ResourceEvent = { type: 'resource.retry' } | { type: 'resource.reload' };

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong';
}

/**
 * One read from the API: loading -> loaded, or loading -> failed, from which `resource.retry`
 * loads again. `resource.reload` refreshes loaded data. The page supplies `load` with .provide().
 */
export const resourceMachine = setup({
  types: {
    context: {} as ResourceContext,
    events: {} as ResourceEvent,
  },
  actors: {
    load: fromPromise<unknown, void>(() => Promise.reject(new Error('No loader was provided'))),
  },
  actions: {
    storeData: assign({ data: (_, data: unknown) => data, error: undefined }),
    storeError: assign({ error: (_, error: unknown) => ({ message: messageOf(error) }) }),
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
        onDone: {
          target: 'loaded',
          actions: {
            type: 'storeData',
            params: ({ event }: { event: DoneActorEvent<unknown> }) => event.output,
          },
        },
        onError: {
          target: 'failed',
          actions: { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    loaded: {
      on: { 'resource.reload': 'loading' },
    },
    failed: {
      on: { 'resource.retry': 'loading' },
    },
  },
});
