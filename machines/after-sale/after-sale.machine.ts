import { assign, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { lifecycleMessages } from '../../contract/lifecycle.ts';
import { isRefused, type Outcome } from '../../contract/refusal.ts';
import { messageOf } from '../shared/message-of.ts';
import { errorOf, outputOf, unprovided } from '../shared/actor-events.ts';

/** What the customer may do on an order's or a booking's page, each in its own dialog. */
export const AFTER_SALE_ACTIONS = ['cancel', 'claim', 'persons', 'reschedule', 'refund'] as const;
export type AfterSaleAction = (typeof AFTER_SALE_ACTIONS)[number];

/** A step the server took (the record as it is now), or refused with its message and code. */
export type AfterSaleResult = Outcome<{ kind: 'updated'; record: unknown }>;

export interface AfterSaleError {
  message: string;
  code?: string;
}

export interface AfterSaleContext {
  id: number;
  /** The order or booking as the server last answered it. */
  record: unknown;
  loadError: (AfterSaleError & { retryable: boolean }) | null;
  /** The dialog open now. */
  action: AfterSaleAction | null;
  /** Why the last step was not taken (shown in its dialog). */
  actionError: AfterSaleError | null;
  /** The last step taken, for the page to say so ("Your order has been cancelled"). */
  done: AfterSaleAction | null;
}

export type AfterSaleEvent =
  | { type: 'record.retry' }
  | { type: 'action.open'; action: AfterSaleAction }
  | { type: 'action.close' }
  /** The dialog's request (a lifecycle event's body, a photo to upload with it...). */
  | { type: 'action.submit'; request: unknown }
  /**
   * The open action was completed elsewhere with the record as it is now (a date change paid
   * through the payment machine: docs/product-rules.md, Rescheduling).
   */
  | { type: 'action.completed'; record: unknown };

/**
 * A load the server refused (not found, not yours) will not succeed when retried: its loader
 * rejects with the server's `Refused` (docs/decisions/0069-one-refusal-path.md).
 */
function loadErrorOf(error: unknown): NonNullable<AfterSaleContext['loadError']> {
  const refused = isRefused(error);
  return {
    message: messageOf(error, 'Something went wrong'),
    ...(refused && error.notFound ? { code: 'not_found' } : {}),
    retryable: !refused,
  };
}

/**
 * An order's or a booking's page after the sale (docs/product-rules.md, Orders and bookings after
 * the sale): `loading` the record (→ `failed`, retried unless the server refused), then `ready`,
 * where the customer opens one action's dialog (`editing`) and submits it (`sending`, the page's
 * `sendAction` takes the step through the API). A step taken replaces the record and closes the
 * dialog; a step the server refused keeps the dialog open with the reason while the record is
 * read again (`refreshing`), so the page shows what is possible now. What is offered at all is
 * the lifecycle chart's to say (`snapshot.can`), in the page's selectors.
 */
export const afterSaleMachine = setup({
  types: {
    context: {} as AfterSaleContext,
    events: {} as AfterSaleEvent,
    input: {} as { id: number },
  },
  actors: {
    loadRecord: unprovided<unknown, { id: number }>('loadRecord not provided'),
    sendAction: unprovided<AfterSaleResult, { id: number; action: AfterSaleAction; request: unknown }>(
      'sendAction not provided',
    ),
  },
  actions: {
    storeRecord: assign({ record: (_, record: unknown) => record, loadError: null }),
    storeLoadError: assign({ loadError: (_, error: unknown) => loadErrorOf(error) }),
    openAction: assign({
      action: (_, action: AfterSaleAction) => action,
      actionError: null,
      done: null,
    }),
    closeAction: assign({ action: null, actionError: null }),
    storeActionError: assign({ actionError: (_, error: AfterSaleError) => error }),
    completeAction: assign({
      record: (_, record: unknown) => record,
      done: ({ context }) => context.action,
      action: null,
      actionError: null,
    }),
  },
  guards: {
    isRetryable: ({ context }) => context.loadError?.retryable ?? false,
    isRefused: (_, result: AfterSaleResult) => result.kind === 'refused',
  },
}).createMachine({
  id: 'afterSale',
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
        onDone: { target: 'ready', actions: { type: 'storeRecord', params: outputOf<unknown> } },
        onError: { target: 'failed', actions: { type: 'storeLoadError', params: errorOf } },
      },
    },
    failed: {
      on: { 'record.retry': { guard: 'isRetryable', target: 'loading' } },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'action.open': {
              target: 'editing',
              actions: { type: 'openAction', params: ({ event }) => event.action },
            },
          },
        },
        editing: {
          on: {
            'action.close': { target: 'idle', actions: 'closeAction' },
            'action.submit': 'sending',
            'action.completed': {
              target: 'idle',
              actions: {
                type: 'completeAction',
                params: ({ event }: { event: Extract<AfterSaleEvent, { type: 'action.completed' }> }) =>
                  event.record,
              },
            },
          },
        },
        sending: {
          tags: ['busy'],
          invoke: {
            src: 'sendAction',
            input: ({ context, event }) => ({
              id: context.id,
              action: context.action!,
              request: (event as Extract<AfterSaleEvent, { type: 'action.submit' }>).request,
            }),
            onDone: [
              {
                guard: { type: 'isRefused', params: outputOf<AfterSaleResult> },
                target: 'refreshing',
                actions: {
                  type: 'storeActionError',
                  params: ({ event }: { event: DoneActorEvent<AfterSaleResult> }) =>
                    event.output.kind === 'refused'
                      ? {
                          message: event.output.message,
                          ...(event.output.code ? { code: event.output.code } : {}),
                        }
                      : { message: lifecycleMessages.sendFailed },
                },
              },
              {
                target: 'idle',
                actions: {
                  type: 'completeAction',
                  params: ({ event }: { event: DoneActorEvent<AfterSaleResult> }) =>
                    event.output.kind === 'updated' ? event.output.record : null,
                },
              },
            ],
            onError: {
              target: 'editing',
              actions: {
                type: 'storeActionError',
                params: ({ event }: { event: ErrorActorEvent }) => ({
                  message: messageOf(event.error, lifecycleMessages.sendFailed),
                }),
              },
            },
          },
        },
        refreshing: {
          tags: ['busy'],
          invoke: {
            src: 'loadRecord',
            input: ({ context }) => ({ id: context.id }),
            onDone: { target: 'editing', actions: { type: 'storeRecord', params: outputOf<unknown> } },
            // The refusal is what the customer needs to read; the page keeps the record it had.
            onError: 'editing',
          },
        },
      },
    },
  },
});
