import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { Outcome } from '../../contract/refusal.ts';

/** A step the server took (the record as it is now), or refused with its message and code. */
export type StaffActionResult = Outcome<{ kind: 'updated'; record: unknown }>;

/**
 * A step staff take: its name (`order.ship`, `stock.entry`), or its name and the item of the
 * record it acts on (`{ type: 'package.edit', id: 12 }`): never a string to take apart.
 */
export type StaffAction = string | { type: string; id?: number };

export interface StaffRecordContext {
  id: number;
  record: unknown;
  loadError: string | null;
  /** The action whose dialog is open: a lifecycle event type (`order.ship`) or another step. */
  action: StaffAction | null;
  actionError: { message: string; code?: string } | null;
  /** The last action taken, for the page to say so. */
  done: StaffAction | null;
}

export type StaffRecordEvent =
  | { type: 'record.retry' }
  | { type: 'record.reload' }
  | { type: 'action.open'; action: StaffAction }
  | { type: 'action.close' }
  | { type: 'action.submit'; request: unknown };

const messageOf = (error: unknown, fallback: string) => {
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : fallback;
};

/**
 * One order, booking or product in the back office with the steps staff take on it
 * (docs/product-rules.md, Orders and bookings after the sale): `loading` → `ready`, where one
 * action's dialog opens (`ready.editing`, offered only when the lifecycle chart's
 * `allowedEvents` names it) and is sent (`ready.sending`). A step taken replaces the record and
 * closes the dialog; a refusal keeps the dialog open with its reason while the record is read
 * again (`ready.refreshing`), so the page offers what is possible now; no answer keeps the dialog
 * with the error, to send again.
 */
export const staffRecordMachine = setup({
  types: {
    context: {} as StaffRecordContext,
    events: {} as StaffRecordEvent,
    input: {} as { id: number },
  },
  actors: {
    loadRecord: fromPromise<unknown, { id: number }>(() =>
      Promise.reject(new Error('loadRecord not provided')),
    ),
    sendAction: fromPromise<StaffActionResult, { id: number; action: StaffAction; request: unknown }>(() =>
      Promise.reject(new Error('sendAction not provided')),
    ),
  },
  actions: {
    storeRecord: assign({ record: (_, record: unknown) => record, loadError: null }),
    storeLoadError: assign({ loadError: (_, message: string) => message }),
    openAction: assign({ action: (_, action: StaffAction) => action, actionError: null, done: null }),
    closeAction: assign({ action: null, actionError: null }),
    storeActionError: assign({ actionError: (_, error: { message: string; code?: string }) => error }),
    completeAction: assign({
      record: (_, record: unknown) => record,
      done: ({ context }) => context.action,
      action: null,
      actionError: null,
    }),
    /**
     * Supplied by a page whose record has an edit form beside the steps: a step that moves the
     * record's version (retire, restore) hands the form the record as it is now.
     */
    reportStep: (_, _step: { action: StaffAction; record: unknown }) => {},
  },
  guards: {
    isRefused: (_, result: StaffActionResult) => result.kind === 'refused',
    /** A reload asked for by the page, not one after a refused step. */
    hasNoAction: ({ context }) => context.action === null,
  },
}).createMachine({
  id: 'staffRecord',
  context: ({ input }) => ({
    id: input.id,
    record: null,
    loadError: null,
    action: null,
    actionError: null,
    done: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadRecord',
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: 'ready',
          actions: {
            type: 'storeRecord',
            params: ({ event }: { event: DoneActorEvent<unknown> }) => event.output,
          },
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'storeLoadError',
            params: ({ event }: { event: ErrorActorEvent }) => messageOf(event.error, 'Failed to load'),
          },
        },
      },
    },
    failed: { on: { 'record.retry': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'action.open': {
              target: 'editing',
              actions: { type: 'openAction', params: ({ event }) => event.action },
            },
            'record.reload': 'refreshing',
          },
        },
        editing: {
          on: {
            'action.close': { target: 'idle', actions: 'closeAction' },
            'action.submit': 'sending',
          },
        },
        sending: {
          tags: ['busy'],
          invoke: {
            src: 'sendAction',
            input: ({ context, event }) => ({
              id: context.id,
              action: context.action!,
              request: (event as Extract<StaffRecordEvent, { type: 'action.submit' }>).request,
            }),
            onDone: [
              {
                guard: {
                  type: 'isRefused',
                  params: ({ event }: { event: DoneActorEvent<StaffActionResult> }) => event.output,
                },
                target: 'refreshing',
                actions: {
                  type: 'storeActionError',
                  params: ({ event }: { event: DoneActorEvent<StaffActionResult> }) =>
                    event.output.kind === 'refused'
                      ? {
                          message: event.output.message,
                          ...(event.output.code ? { code: event.output.code } : {}),
                        }
                      : { message: 'Failed to update' },
                },
              },
              {
                target: 'idle',
                actions: [
                  {
                    type: 'reportStep',
                    params: ({
                      context,
                      event,
                    }: {
                      context: StaffRecordContext;
                      event: DoneActorEvent<StaffActionResult>;
                    }) => ({
                      action: context.action!,
                      record: event.output.kind === 'updated' ? event.output.record : null,
                    }),
                  },
                  {
                    type: 'completeAction',
                    params: ({ event }: { event: DoneActorEvent<StaffActionResult> }) =>
                      event.output.kind === 'updated' ? event.output.record : null,
                  },
                ],
              },
            ],
            onError: {
              target: 'editing',
              actions: {
                type: 'storeActionError',
                params: ({ event }: { event: ErrorActorEvent }) => ({
                  message: messageOf(event.error, 'Failed to update. Please try again.'),
                }),
              },
            },
          },
        },
        refreshing: {
          tags: ['busy'],
          // Closing the dialog while the record is read again: it lands in `idle` (hasNoAction).
          on: { 'action.close': { actions: 'closeAction' } },
          invoke: {
            src: 'loadRecord',
            input: ({ context }) => ({ id: context.id }),
            onDone: [
              {
                guard: 'hasNoAction',
                target: 'idle',
                actions: {
                  type: 'storeRecord',
                  params: ({ event }: { event: DoneActorEvent<unknown> }) => event.output,
                },
              },
              {
                target: 'editing',
                actions: {
                  type: 'storeRecord',
                  params: ({ event }: { event: DoneActorEvent<unknown> }) => event.output,
                },
              },
            ],
            onError: [{ guard: 'hasNoAction', target: 'idle' }, { target: 'editing' }],
          },
        },
      },
    },
  },
});
