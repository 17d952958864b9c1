import { assign, setup } from 'xstate';
import { adminMessageMessages, type AdminMessage } from '../../contract/admin/messages.ts';
import type { Outcome } from '../../contract/refusal.ts';
import { messageOf } from '../shared/message-of.ts';
import { errorOf, outputOf, unprovided } from '../shared/actor-events.ts';

/** The message as the server queued it again, or its refusal (`message_not_failed`). */
export type ResendResult = Outcome<{ kind: 'resent'; message: AdminMessage }>;

/** A message sent again: the list's row it was sent from, and the server's answer. */
export interface Resent {
  before: AdminMessage;
  after: AdminMessage;
}

export interface MessageResendContext {
  /**
   * The messages sent again, by id: a list shows the answer in place of the row it was sent from,
   * and a row read again since (a new object) as it was read.
   */
  resent: Record<number, Resent>;
  /** The message being sent again, as its row showed it. */
  sending: AdminMessage | null;
  /** Why sending a message again failed, by its id. */
  errors: Record<number, string>;
}

export type MessageResendEvent = { type: 'message.resend'; message: AdminMessage };

const without = (errors: Record<number, string>, id: number) =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => Number(key) !== id));

/**
 * "Send again" beside the failed messages of a back-office list (docs/product-rules.md, Messages
 * to customers): `idle` until a message is sent again, `sending` while the server queues it from
 * its first try. The message as answered replaces the row it was sent from (`resent`, until the
 * list is read again); a refusal (it is no longer
 * failed) or no answer is kept by the message's id, for its row to say, and the button is offered again.
 * One message at a time.
 */
export const messageResendMachine = setup({
  types: {
    context: {} as MessageResendContext,
    events: {} as MessageResendEvent,
  },
  actors: {
    resendMessage: unprovided<ResendResult, { id: number }>('resendMessage not provided'),
  },
  actions: {
    startSending: assign({
      sending: (_, message: AdminMessage) => message,
      errors: ({ context }, message: AdminMessage) => without(context.errors, message.id),
    }),
    storeResult: assign({
      resent: ({ context }, result: ResendResult) =>
        result.kind === 'resent' && context.sending
          ? { ...context.resent, [result.message.id]: { before: context.sending, after: result.message } }
          : context.resent,
      errors: ({ context }, result: ResendResult) =>
        result.kind === 'refused' && context.sending
          ? { ...context.errors, [context.sending.id]: result.message }
          : context.errors,
      sending: null,
    }),
    storeError: assign({
      errors: ({ context }, error: unknown) =>
        context.sending
          ? { ...context.errors, [context.sending.id]: messageOf(error, adminMessageMessages.resendFailed) }
          : context.errors,
      sending: null,
    }),
  },
}).createMachine({
  id: 'messageResend',
  context: { resent: {}, sending: null, errors: {} },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'message.resend': {
          target: 'sending',
          actions: { type: 'startSending', params: ({ event }) => event.message },
        },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        src: 'resendMessage',
        input: ({ context }) => ({ id: context.sending?.id ?? 0 }),
        onDone: { target: 'idle', actions: { type: 'storeResult', params: outputOf<ResendResult> } },
        onError: { target: 'idle', actions: { type: 'storeError', params: errorOf } },
      },
    },
  },
});
