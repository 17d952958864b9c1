import { assign, fromPromise, setup, type DoneActorEvent } from 'xstate';
import type { RegisterRequest } from '../../contract/auth.ts';
import { authMessages, type User } from '../../contract/auth-session.ts';
import { messageOf } from '../shared/message-of.ts';
import { errorOf, outputOf, unprovided } from '../shared/actor-events.ts';

export interface Credentials {
  email: string;
  password: string;
}

export interface SessionInput {
  /** A token kept from an earlier visit (local or session storage), checked on start-up. */
  storedToken: string | null;
}

export interface SessionContext {
  token: string | null;
  user: User | null;
  /** Keep the token across browser restarts (local storage) rather than for this tab only. */
  remember: boolean;
  /** Where to go once signed in. */
  returnTo: string;
  error: { message: string } | undefined;
  /** A one-off message for the login screen, e.g. after registering. */
  notice: string | undefined;
  /** Checks of the stored token in a row that got no usable answer (sets the wait before the next). */
  checkFailures: number;
}

export type SessionEvent =
  | { type: 'session.login'; email: string; password: string; remember: boolean; returnTo?: string }
  /** `returnTo`: where to go after the sign-in that follows (the login screen's `?redirect=`). */
  | { type: 'session.register'; details: RegisterRequest; returnTo?: string }
  | { type: 'session.logout' }
  /** A bearer call answered 401: the token expired or was revoked. */
  | { type: 'session.expired' }
  /** The login or register screen opened: forget the previous screen's error and notice. */
  | { type: 'session.formOpened'; notice?: string }
  /** Check the stored token again now (Retry pressed, or the API answered another call). */
  | { type: 'session.retry' }
  /** The customer's profile was edited (PUT /api/auth/me): the session shows the new name and phone. */
  | { type: 'session.profileUpdated'; user: User };

export interface LoginResult {
  token: string;
  user: User;
}

/**
 * What checking a stored token found: the customer it belongs to, or that the API refused it
 * (expired or revoked). No usable answer is the actor's error, which says nothing of the token.
 */
export type TokenCheck = { kind: 'signedIn'; user: User } | { kind: 'tokenRefused' };

export const sessionMessages = {
  /** The stored token could not be checked (no answer, or a server error): it is kept and checked again. */
  checkFailed: 'We could not check your sign-in. Please check your connection and try again.',
} as const;

/** The first automatic re-check of a stored token waits this long; each failure doubles it, up to the maximum. */
export const SESSION_RECHECK_MS = 2000;
export const SESSION_RECHECK_MAX_MS = 30000;

/** /login, with `?redirect=` when there is somewhere to return to. */
export const loginPathFor = (returnTo: string) =>
  returnTo === '/' ? '/login' : `/login?redirect=${encodeURIComponent(returnTo)}`;

type LoginDone = { context: SessionContext; event: DoneActorEvent<LoginResult> };

/** Signed in (by logging in or registering): the session and its token kept, then back where they came from. */
const signedInActions = [
  { type: 'storeSession', params: ({ event }: LoginDone) => event.output },
  {
    type: 'persistToken',
    params: ({ context, event }: LoginDone) => ({ token: event.output.token, remember: context.remember }),
  },
  { type: 'navigate', params: ({ context }: LoginDone) => ({ to: context.returnTo, replace: true }) },
] as const;

/**
 * The customer's session. `restoring` checks a stored token with the API (`verifyingToken`);
 * only the API's refusal of it (`tokenRefused`) forgets it. A check that gets no usable answer (network down, 5xx) leaves
 * the session `unverified`: the token is kept, and checked again after a growing wait, on
 * `session.retry` (Retry, or any call the API answered), so the customer is signed in again
 * without a reload once the API is back. `signedOut` accepts login and registration
 * (`signingIn`, `registering`); `signedIn` ends by logout (`signingOut`) or when any bearer call
 * answers 401 (`session.expired`). Storage and navigation are actions that src/app provides.
 */
export const sessionMachine = setup({
  types: {
    input: {} as SessionInput,
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    fetchCurrentUser: unprovided<TokenCheck, { token: string }>('fetchCurrentUser not provided'),
    logIn: unprovided<LoginResult, Credentials>('logIn not provided'),
    /** Creates the account and signs it in (the answer carries the new session's token). */
    register: unprovided<LoginResult, RegisterRequest>('register not provided'),
    logOut: fromPromise<void, { token: string }>(() => Promise.resolve()),
  },
  actions: {
    /** Persist the token: local storage when remembered, session storage otherwise. */
    persistToken: (_, _params: { token: string; remember: boolean }) => {},
    forgetToken: () => {},
    navigate: (_, _params: { to: string; replace?: boolean }) => {},
    /** Send the visitor to /login, remembering the page they were on. */
    redirectToLogin: () => {},
    logLogoutFailure: (_, _error: unknown) => {},
    startAttempt: assign({
      error: undefined,
      notice: undefined,
      // Registering has no "Remember me": the new session is kept for this tab, as without the box.
      remember: ({ event }) => (event.type === 'session.login' ? event.remember : false),
      returnTo: ({ context, event }) =>
        (event.type === 'session.login' || event.type === 'session.register') && event.returnTo
          ? event.returnTo
          : context.returnTo,
    }),
    openForm: assign({
      error: undefined,
      notice: ({ event }) => (event.type === 'session.formOpened' ? event.notice : undefined),
    }),
    storeSession: assign({
      token: (_, result: LoginResult) => result.token,
      user: (_, result: LoginResult) => result.user,
    }),
    storeUser: assign({ user: (_, user: User | null) => user, checkFailures: 0 }),
    noteCheckFailed: assign({
      error: { message: sessionMessages.checkFailed },
      checkFailures: ({ context }) => context.checkFailures + 1,
    }),
    clearError: assign({ error: undefined }),
    clearSession: assign({ token: null, user: null }),
    storeLoginError: assign({
      error: (_, error: unknown) => ({ message: messageOf(error, authMessages.loginFailed) }),
    }),
    storeRegisterError: assign({
      error: (_, error: unknown) => ({ message: messageOf(error, authMessages.registerFailed) }),
    }),
  },
  guards: {
    hasStoredToken: ({ context }) => context.token !== null,
    /** Only the API's refusal of the token forgets it; a network failure keeps it for next time. */
    isTokenRefused: (_, check: TokenCheck) => check.kind === 'tokenRefused',
  },
  delays: {
    /** 2 s, 4 s, 8 s ... up to 30 s between automatic checks of a kept token. */
    recheckToken: ({ context }) =>
      Math.min(SESSION_RECHECK_MAX_MS, SESSION_RECHECK_MS * 2 ** Math.max(0, context.checkFailures - 1)),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    token: input.storedToken,
    user: null,
    remember: true,
    returnTo: '/',
    error: undefined,
    notice: undefined,
    checkFailures: 0,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      always: [{ guard: 'hasStoredToken', target: 'verifyingToken' }, { target: 'signedOut' }],
    },
    verifyingToken: {
      tags: ['busy'],
      invoke: {
        src: 'fetchCurrentUser',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: [
          {
            guard: { type: 'isTokenRefused', params: outputOf<TokenCheck> },
            target: 'signedOut',
            actions: ['clearSession', 'forgetToken'],
          },
          {
            target: 'signedIn',
            actions: {
              type: 'storeUser',
              params: ({ event }: { event: DoneActorEvent<TokenCheck> }) =>
                event.output.kind === 'signedIn' ? event.output.user : null,
            },
          },
        ],
        // No answer or a server error says nothing about the token: keep it and check again.
        onError: { target: 'unverified' },
      },
    },
    unverified: {
      entry: 'noteCheckFailed',
      exit: 'clearError',
      after: { recheckToken: 'verifyingToken' },
      on: { 'session.retry': 'verifyingToken' },
    },
    signedOut: {
      on: {
        'session.login': { target: 'signingIn', actions: 'startAttempt' },
        'session.register': { target: 'registering', actions: 'startAttempt' },
        'session.formOpened': { actions: 'openForm' },
      },
    },
    signingIn: {
      tags: ['busy'],
      invoke: {
        src: 'logIn',
        input: ({ event }) =>
          event.type === 'session.login'
            ? { email: event.email, password: event.password }
            : { email: '', password: '' },
        onDone: {
          target: 'signedIn',
          actions: signedInActions,
        },
        onError: { target: 'signedOut', actions: { type: 'storeLoginError', params: errorOf } },
      },
    },
    registering: {
      tags: ['busy'],
      invoke: {
        src: 'register',
        input: ({ event }) =>
          event.type === 'session.register'
            ? event.details
            : { name: '', email: '', password: '', whatsappUpdates: false },
        onDone: {
          target: 'signedIn',
          // The new customer is signed in and continues to the place they came from
          // (docs/product-rules.md, Sign-in, registration and tokens).
          actions: signedInActions,
        },
        onError: { target: 'signedOut', actions: { type: 'storeRegisterError', params: errorOf } },
      },
    },
    signedIn: {
      on: {
        'session.profileUpdated': {
          actions: { type: 'storeUser', params: ({ event }: { event: { user: User } }) => event.user },
        },
        'session.logout': 'signingOut',
        'session.expired': {
          target: 'signedOut',
          actions: ['clearSession', 'forgetToken', 'redirectToLogin'],
        },
      },
    },
    signingOut: {
      tags: ['busy'],
      invoke: {
        src: 'logOut',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: {
          target: 'signedOut',
          actions: ['clearSession', 'forgetToken', { type: 'navigate', params: { to: '/login' } }],
        },
        onError: {
          // The server could not be told; the token is forgotten here all the same.
          target: 'signedOut',
          actions: [
            { type: 'logLogoutFailure', params: errorOf },
            'clearSession',
            'forgetToken',
            { type: 'navigate', params: { to: '/login' } },
          ],
        },
      },
    },
  },
});
