import { assign, enqueueActions, setup } from 'xstate';
import type { Outcome, Refused } from '../../contract/refusal.ts';
import { messageOf } from '../shared/message-of.ts';
import { errorOf, outputOf, unprovided } from '../shared/actor-events.ts';

/** A step the server took (the record `R` as it is now), or refused with its message and code. */
export type StaffActionResult<R = unknown> = Outcome<{ kind: 'updated'; record: R }>;

/**
 * A step staff take: its name (`order.ship`, `stock.entry`), or its name and the item of the
 * record it acts on (`{ type: 'package.edit', id: 12 }`): never a string to take apart.
 */
export type StaffAction = string | { type: string; id?: number };

export interface StaffRecordContext<R = unknown, A extends StaffAction = StaffAction> {
  id: number;
  record: R | null;
  loadError: string | null;
  /** The action whose dialog is open: a lifecycle event type (`order.ship`) or another step. */
  action: A | null;
  actionError: { message: string; code?: string } | null;
  /** The last action taken, for the page to say so. */
  done: A | null;
}

export type StaffRecordEvent<A extends StaffAction = StaffAction, Q = unknown> =
  | { type: 'record.retry' }
  | { type: 'record.reload' }
  | { type: 'action.open'; action: A }
  | { type: 'action.close' }
  | { type: 'action.submit'; request: Q };

/** What `sendAction` is given: the record, the open dialog's action and its request. */
export interface SendActionInput<A extends StaffAction = StaffAction, Q = unknown> {
  id: number;
  action: A;
  request: Q;
}

/**
 * Told to whoever listens (`actor.on('record.stepTaken', ...)`): a step the server took, with the
 * record after it. A page whose record has an edit form beside the steps listens, so a step that
 * moves the record's version (retire, restore) hands the form the record as it is now.
 */
export interface StepTaken<R = unknown, A extends StaffAction = StaffAction> {
  type: 'record.stepTaken';
  action: A;
  record: R;
}

/**
 * One order, booking or product in the back office with the steps staff take on it
 * (docs/product-rules.md, Orders and bookings after the sale): `loading` → `ready`, where one
 * action's dialog opens (`ready.editing`, offered only when the lifecycle chart's
 * `allowedEvents` names it) and is sent (`ready.sending`). A step taken replaces the record,
 * closes the dialog and is told as `record.stepTaken`; a refusal keeps the dialog open with its
 * reason while the record is read again (`ready.refreshing`), so the page offers what is possible
 * now; no answer keeps the dialog with the error, to send again.
 *
 * One chart for every record: `R` is the record, `A` the actions its dialogs open for and `Q` the
 * requests they send; src/live/admin.ts makes each page's machine typed by its API calls. (The
 * steps that store an `R` are written in place: XState cannot name an action whose parameter is
 * a type parameter.)
 */
export function createStaffRecordMachine<R, A extends StaffAction = StaffAction, Q = unknown>() {
  return setup({
    types: {
      context: {} as StaffRecordContext<R, A>,
      events: {} as StaffRecordEvent<A, Q>,
      emitted: {} as StepTaken<R, A>,
      input: {} as { id: number },
    },
    actors: {
      loadRecord: unprovided<R, { id: number }>('loadRecord not provided'),
      sendAction: unprovided<StaffActionResult<R>, SendActionInput<A, Q>>('sendAction not provided'),
    },
    actions: {
      storeLoadError: assign({ loadError: (_, error: unknown) => messageOf(error, 'Failed to load') }),
      openAction: assign({
        action: ({ context, event }) => (event.type === 'action.open' ? event.action : context.action),
        actionError: null,
        done: null,
      }),
      closeAction: assign({ action: null, actionError: null }),
      storeRefusal: assign({
        actionError: (_, result: Refused | { kind: 'updated' }) =>
          result.kind === 'refused'
            ? { message: result.message, ...(result.code ? { code: result.code } : {}) }
            : { message: 'Failed to update' },
      }),
      storeSendError: assign({
        actionError: (_, error: unknown) => ({
          message: messageOf(error, 'Failed to update. Please try again.'),
        }),
      }),
    },
    guards: {
      isRefused: (_, result: { kind: string }) => result.kind === 'refused',
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
            actions: assign({ record: ({ event }) => event.output, loadError: null }),
          },
          onError: { target: 'failed', actions: { type: 'storeLoadError', params: errorOf } },
        },
      },
      failed: { on: { 'record.retry': 'loading' } },
      ready: {
        initial: 'idle',
        states: {
          idle: {
            on: {
              'action.open': { target: 'editing', actions: 'openAction' },
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
              input: ({ context, event }): SendActionInput<A, Q> => {
                // `sending` is entered only by `action.submit`, from the dialog `action.open` opened.
                if (event.type !== 'action.submit' || context.action === null)
                  throw new Error('No step to send');
                return { id: context.id, action: context.action, request: event.request };
              },
              onDone: [
                {
                  guard: { type: 'isRefused', params: outputOf<StaffActionResult<R>> },
                  target: 'refreshing',
                  actions: { type: 'storeRefusal', params: outputOf<StaffActionResult<R>> },
                },
                {
                  target: 'idle',
                  actions: [
                    enqueueActions(({ context, event, enqueue }) => {
                      if (context.action !== null && event.output.kind === 'updated')
                        enqueue.emit({
                          type: 'record.stepTaken',
                          action: context.action,
                          record: event.output.record,
                        });
                    }),
                    assign({
                      record: ({ context, event }) =>
                        event.output.kind === 'updated' ? event.output.record : context.record,
                      done: ({ context }) => context.action,
                      action: null,
                      actionError: null,
                    }),
                  ],
                },
              ],
              onError: { target: 'editing', actions: { type: 'storeSendError', params: errorOf } },
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
                  actions: assign({ record: ({ event }) => event.output, loadError: null }),
                },
                {
                  target: 'editing',
                  actions: assign({ record: ({ event }) => event.output, loadError: null }),
                },
              ],
              onError: [{ guard: 'hasNoAction', target: 'idle' }, { target: 'editing' }],
            },
          },
        },
      },
    },
  });
}

/** A record page's machine: `R` the record, `A` its dialogs' actions, `Q` their requests. */
export type StaffRecordMachine<R, A extends StaffAction = StaffAction, Q = unknown> = ReturnType<
  typeof createStaffRecordMachine<R, A, Q>
>;

/** The chart with any record, for the Stately visualiser, the diagrams and the model tests. */
export const staffRecordMachine = createStaffRecordMachine<unknown>();
