import { assign, setup } from 'xstate';
import type { BookingDraftPayload } from '../../contract/booking.ts';
import type { Outcome } from '../../contract/refusal.ts';
import { WAITLIST_OPEN_STATES, waitlistMessages, type WaitlistEntry } from '../../contract/waitlist.ts';
import { errorOf, outputOf, unprovided } from '../shared/actor-events.ts';
import { messageOf } from '../shared/message-of.ts';

/** The entry as the server answered a join or a leave, or its refusal. */
export type SpotResult = Outcome<{ kind: 'entry'; entry: WaitlistEntry }>;

export interface WaitlistSpotContext {
  /** The devotee's entry in the date's line, once joined (or as read). */
  entry: WaitlistEntry | null;
  /** Why the last join or leave did not happen. */
  error: string | null;
}

export type WaitlistSpotEvent =
  { type: 'waitlist.join'; draft: BookingDraftPayload } | { type: 'waitlist.leave' };

export interface WaitlistSpotInput {
  /** An entry already in line (the account's list); none on a full date's wizard. */
  entry: WaitlistEntry | null;
}

/** Still in line: waiting, or offered a place. */
export const isInLine = (entry: WaitlistEntry | null) =>
  entry !== null && (WAITLIST_OPEN_STATES as readonly string[]).includes(entry.status);

/**
 * The devotee's spot in a full puja date's waitlist, as the SPA moves it
 * (docs/product-rules.md, Waitlist): `outside` until they join with the wizard's draft, `inLine`
 * with the server's entry (its own chart, machines/waitlist/, runs on the server and says
 * waiting, offered, booked...), from which they may leave while it is still in line. A refusal
 * or no answer is kept in `error` and the action is offered again.
 */
export const waitlistSpotMachine = setup({
  types: {
    context: {} as WaitlistSpotContext,
    events: {} as WaitlistSpotEvent,
    input: {} as WaitlistSpotInput,
  },
  actors: {
    join: unprovided<SpotResult, { draft: BookingDraftPayload }>('join not provided'),
    leave: unprovided<SpotResult, { id: number }>('leave not provided'),
  },
  actions: {
    clearError: assign({ error: null }),
    storeResult: assign(({ context }, result: SpotResult) =>
      result.kind === 'entry'
        ? { entry: result.entry, error: null }
        : { entry: context.entry, error: result.message },
    ),
    storeJoinError: assign({ error: (_, error: unknown) => messageOf(error, waitlistMessages.joinFailed) }),
    storeLeaveError: assign({ error: (_, error: unknown) => messageOf(error, waitlistMessages.leaveFailed) }),
  },
  guards: {
    hasEntry: ({ context }) => context.entry !== null,
    isInLine: ({ context }) => isInLine(context.entry),
    answeredEntry: (_, result: SpotResult) => result.kind === 'entry',
  },
}).createMachine({
  id: 'waitlistSpot',
  context: ({ input }) => ({ entry: input.entry, error: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasEntry', target: 'inLine' }, { target: 'outside' }],
    },
    outside: {
      on: { 'waitlist.join': { target: 'joining', actions: 'clearError' } },
    },
    joining: {
      tags: ['busy'],
      invoke: {
        src: 'join',
        // Entered only by `waitlist.join`: its draft is what the devotee chose in the wizard.
        input: ({ event }) => ({
          draft: (event as Extract<WaitlistSpotEvent, { type: 'waitlist.join' }>).draft,
        }),
        onDone: [
          {
            guard: { type: 'answeredEntry', params: outputOf<SpotResult> },
            target: 'inLine',
            actions: { type: 'storeResult', params: outputOf<SpotResult> },
          },
          { target: 'outside', actions: { type: 'storeResult', params: outputOf<SpotResult> } },
        ],
        onError: { target: 'outside', actions: { type: 'storeJoinError', params: errorOf } },
      },
    },
    inLine: {
      on: { 'waitlist.leave': { guard: 'isInLine', target: 'leaving', actions: 'clearError' } },
    },
    leaving: {
      tags: ['busy'],
      invoke: {
        src: 'leave',
        input: ({ context }) => ({ id: context.entry?.id ?? 0 }),
        onDone: { target: 'inLine', actions: { type: 'storeResult', params: outputOf<SpotResult> } },
        onError: { target: 'inLine', actions: { type: 'storeLeaveError', params: errorOf } },
      },
    },
  },
});
