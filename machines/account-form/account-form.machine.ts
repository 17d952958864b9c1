import { assign, setup } from 'xstate';
import type { User } from '../../contract/auth.ts';
import { errorOf, outputOf, unprovided } from '../shared/actor-events.ts';

/** What a sent form answered: the server's message, and the customer when it changed. */
export interface AccountFormResult {
  message: string;
  user?: User;
}

export interface AccountFormContext {
  /** The request being sent (kept for the invoke's input). */
  request: unknown;
  result: AccountFormResult | undefined;
  error: { message: string } | undefined;
}

export type AccountFormEvent =
  /** Send the form's values; the `submit` actor checks them against the contract first. */
  | { type: 'form.submit'; request: unknown }
  /** The customer changed a field: an old error or success message no longer applies. */
  | { type: 'form.edited' };

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong';
}

/** Send the form (again): its request is kept for the call. */
const submit = {
  target: 'submitting',
  actions: { type: 'storeRequest', params: ({ event }: { event: { request: unknown } }) => event.request },
} as const;

/**
 * One account form (forgot password, reset password, edit profile, change password;
 * docs/product-rules.md, Sign-in, registration and tokens): editing -> submitting -> done, or
 * back to editing with the error. The page supplies `submit` (the API call, which validates the
 * values with the contract's schema first) and `succeeded` (tell the session, move on).
 */
export const accountFormMachine = setup({
  types: {
    context: {} as AccountFormContext,
    events: {} as AccountFormEvent,
  },
  actors: {
    submit: unprovided<AccountFormResult, unknown>('No submit was provided'),
  },
  actions: {
    storeRequest: assign({
      request: (_, request: unknown) => request,
      error: undefined,
      result: undefined,
    }),
    storeResult: assign({ result: (_, result: AccountFormResult) => result }),
    storeError: assign({ error: (_, error: unknown) => ({ message: messageOf(error) }) }),
    clearMessages: assign({ error: undefined, result: undefined }),
    /** Supplied by the page: e.g. give the session the edited customer. */
    succeeded: (_, _result: AccountFormResult) => {},
  },
}).createMachine({
  id: 'accountForm',
  context: { request: undefined, result: undefined, error: undefined },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.submit': submit,
        'form.edited': { actions: 'clearMessages' },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        src: 'submit',
        input: ({ context }: { context: AccountFormContext }) => context.request,
        onDone: {
          target: 'done',
          actions: [
            { type: 'storeResult', params: outputOf<AccountFormResult> },
            { type: 'succeeded', params: outputOf<AccountFormResult> },
          ],
        },
        onError: { target: 'editing', actions: { type: 'storeError', params: errorOf } },
      },
    },
    done: {
      on: {
        'form.submit': submit,
        'form.edited': { target: 'editing', actions: 'clearMessages' },
      },
    },
  },
});
