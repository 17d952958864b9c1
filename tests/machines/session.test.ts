import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { authMessages, type RegisterRequest, type User } from '../../contract/auth.ts';
import {
  sessionMachine,
  sessionMessages,
  type Credentials,
  type LoginResult,
  type SessionContext,
  type SessionEvent,
  type TokenCheck,
} from '../../machines/session/session.machine.ts';
import { deferred } from '../support/prelude.ts';

const asha: User = {
  id: 7,
  name: 'Asha Rao',
  email: 'asha@example.com',
  phone: '+91 98450 12345',
  role: 'customer',
};
const details: RegisterRequest = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  phone: undefined,
  password: 'secret123',
  whatsappUpdates: false,
};

/** An API error as src/lib/api.ts raises it: the server's message and, when there was an answer, the status. */
const apiError = (message: string, status?: number) => Object.assign(new Error(message), { status });
/** What the live layer makes of GET /api/auth/me: the token's user, or its 401 (src/live/session.tsx). */
const signedInAs = (user: User): TokenCheck => ({ kind: 'signedIn', user });
const tokenRefused: TokenCheck = { kind: 'tokenRefused' };

interface Calls {
  fetchCurrentUser?: (input: { token: string }) => Promise<TokenCheck>;
  logIn?: (input: Credentials) => Promise<LoginResult>;
  register?: (input: RegisterRequest) => Promise<LoginResult>;
  logOut?: (input: { token: string }) => Promise<void>;
}

/** The machine with stubbed calls and spied actions, started with an optional stored token. */
function startSession({ storedToken = null, ...calls }: Calls & { storedToken?: string | null } = {}) {
  const actions = {
    persistToken: vi.fn<(args: unknown, params: { token: string; remember: boolean }) => void>(),
    forgetToken: vi.fn(),
    navigate: vi.fn<(args: unknown, params: { to: string; replace?: boolean }) => void>(),
    redirectToLogin: vi.fn(),
    logLogoutFailure: vi.fn<(args: unknown, error: unknown) => void>(),
  };
  const unexpected = () => Promise.reject(new Error('not expected in this test'));
  const machine = sessionMachine.provide({
    actors: {
      fetchCurrentUser: fromPromise<TokenCheck, { token: string }>(({ input }) =>
        (calls.fetchCurrentUser ?? unexpected)(input),
      ),
      logIn: fromPromise<LoginResult, Credentials>(({ input }) => (calls.logIn ?? unexpected)(input)),
      register: fromPromise<LoginResult, RegisterRequest>(({ input }) =>
        (calls.register ?? unexpected)(input),
      ),
      logOut: fromPromise<void, { token: string }>(({ input }) =>
        (calls.logOut ?? (() => Promise.resolve()))(input),
      ),
    },
    actions,
  });
  const actor = createActor(machine, { input: { storedToken } }).start();
  return { actor, actions };
}

type Snapshot = SnapshotFrom<typeof sessionMachine>;
const settled = (s: Snapshot) => s.matches('signedIn') || s.matches('signedOut');

/** Signs in through the machine (no stored token) and waits for signedIn. */
async function signedInSession(calls: Calls = {}) {
  const session = startSession({ logIn: () => Promise.resolve({ token: 'tok-1', user: asha }), ...calls });
  session.actor.send({ type: 'session.login', email: asha.email, password: 'secret123', remember: true });
  await waitFor(session.actor, (s) => s.matches('signedIn'));
  session.actions.navigate.mockClear();
  session.actions.persistToken.mockClear();
  return session;
}

describe('session machine: restoring on start-up', () => {
  it('goes straight to signedOut when no token was stored', () => {
    const { actor, actions } = startSession();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('signedOut');
    expect(snapshot.context).toMatchObject({ token: null, user: null, error: undefined, notice: undefined });
    expect(snapshot.hasTag('busy')).toBe(false);
    expect(actions.forgetToken).not.toHaveBeenCalled();
  });

  it('checks a stored token (busy) and signs in with the user it belongs to', async () => {
    const me = deferred<TokenCheck>();
    const fetchCurrentUser = vi.fn(() => me.promise);
    const { actor, actions } = startSession({ storedToken: 'stored-token', fetchCurrentUser });
    expect(actor.getSnapshot().value).toBe('verifyingToken');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(fetchCurrentUser).toHaveBeenCalledWith({ token: 'stored-token' });
    me.resolve(signedInAs(asha));
    const signedIn = await waitFor(actor, (s) => s.matches('signedIn'));
    expect(signedIn.context).toMatchObject({ token: 'stored-token', user: asha });
    expect(signedIn.hasTag('busy')).toBe(false);
    expect(actions.navigate).not.toHaveBeenCalled();
  });

  it('signs out and forgets a stored token the API refuses (401)', async () => {
    const { actor, actions } = startSession({
      storedToken: 'revoked',
      fetchCurrentUser: () => Promise.resolve(tokenRefused),
    });
    const signedOut = await waitFor(actor, settled);
    expect(signedOut.value).toBe('signedOut');
    expect(signedOut.context).toMatchObject({ token: null, user: null, error: undefined });
    expect(actions.forgetToken).toHaveBeenCalledTimes(1);
  });

  it('keeps the token, unverified, when the check fails without an answer (network); Retry signs in', async () => {
    const fetchCurrentUser = vi
      .fn<(input: { token: string }) => Promise<TokenCheck>>()
      .mockRejectedValueOnce(apiError('Could not check your session'))
      .mockResolvedValueOnce(signedInAs(asha));
    const { actor, actions } = startSession({ storedToken: 'still-good', fetchCurrentUser });
    const unverified = await waitFor(actor, (s) => s.matches('unverified'));
    expect(unverified.context).toMatchObject({
      token: 'still-good',
      user: null,
      error: { message: sessionMessages.checkFailed },
    });
    expect(unverified.hasTag('busy')).toBe(false);
    expect(actions.forgetToken).not.toHaveBeenCalled();
    expect(actions.redirectToLogin).not.toHaveBeenCalled();

    actor.send({ type: 'session.retry' });
    const signedIn = await waitFor(actor, (s) => s.matches('signedIn'));
    expect(signedIn.context).toMatchObject({
      token: 'still-good',
      user: asha,
      error: undefined,
      checkFailures: 0,
    });
    expect(fetchCurrentUser).toHaveBeenCalledTimes(2);
    expect(fetchCurrentUser).toHaveBeenLastCalledWith({ token: 'still-good' });
  });

  it('keeps the stored token when the server fails (5xx)', async () => {
    const { actor, actions } = startSession({
      storedToken: 'still-good',
      fetchCurrentUser: () => Promise.reject(apiError('Internal error', 500)),
    });
    const unverified = await waitFor(actor, (s) => s.matches('unverified'));
    expect(unverified.context.token).toBe('still-good');
    expect(actions.forgetToken).not.toHaveBeenCalled();
  });

  it('checks an unverified token again by itself, waiting 2 s, 4 s, 8 s ... up to 30 s', async () => {
    vi.useFakeTimers();
    try {
      const fetchCurrentUser = vi.fn(() => Promise.reject(apiError('Could not check your session')));
      const { actor } = startSession({ storedToken: 'still-good', fetchCurrentUser });
      const waits = [2000, 4000, 8000, 16000, 30000, 30000];
      for (const [index, wait] of waits.entries()) {
        await vi.advanceTimersByTimeAsync(0);
        expect(actor.getSnapshot().value).toBe('unverified');
        expect(fetchCurrentUser).toHaveBeenCalledTimes(index + 1);
        await vi.advanceTimersByTimeAsync(wait - 1);
        expect(fetchCurrentUser).toHaveBeenCalledTimes(index + 1);
        await vi.advanceTimersByTimeAsync(1);
      }
      expect(fetchCurrentUser).toHaveBeenCalledTimes(waits.length + 1);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets an unverified token once a later check is refused (401)', async () => {
    const fetchCurrentUser = vi
      .fn<(input: { token: string }) => Promise<TokenCheck>>()
      .mockRejectedValueOnce(apiError('Could not check your session'))
      .mockResolvedValueOnce(tokenRefused);
    const { actor, actions } = startSession({ storedToken: 'revoked-meanwhile', fetchCurrentUser });
    await waitFor(actor, (s) => s.matches('unverified'));
    actor.send({ type: 'session.retry' });
    const signedOut = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(signedOut.context).toMatchObject({ token: null, user: null, error: undefined });
    expect(actions.forgetToken).toHaveBeenCalledTimes(1);
  });
});

describe('session machine: signing in', () => {
  it.each([true, false])(
    'signs in (busy while the call runs), persists the token with remember=%s and returns with replace',
    async (remember) => {
      const login = deferred<LoginResult>();
      const logIn = vi.fn(() => login.promise);
      const { actor, actions } = startSession({ logIn });
      actor.send({
        type: 'session.login',
        email: asha.email,
        password: 'secret123',
        remember,
        returnTo: '/about',
      });
      expect(actor.getSnapshot().value).toBe('signingIn');
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
      expect(logIn).toHaveBeenCalledWith({ email: asha.email, password: 'secret123' });
      login.resolve({ token: 'tok-1', user: asha });
      const signedIn = await waitFor(actor, (s) => s.matches('signedIn'));
      expect(signedIn.context).toMatchObject({ token: 'tok-1', user: asha, remember, returnTo: '/about' });
      expect(actions.persistToken).toHaveBeenCalledWith(expect.anything(), { token: 'tok-1', remember });
      expect(actions.navigate).toHaveBeenCalledWith(expect.anything(), { to: '/about', replace: true });
    },
  );

  it('returns to / when no return destination was given', async () => {
    const { actor, actions } = startSession({ logIn: () => Promise.resolve({ token: 't', user: asha }) });
    actor.send({ type: 'session.login', email: asha.email, password: 'secret123', remember: false });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(actions.navigate).toHaveBeenCalledWith(expect.anything(), { to: '/', replace: true });
  });

  it('goes back to signedOut with the server message when login fails', async () => {
    const { actor, actions } = startSession({
      logIn: () => Promise.reject(apiError(authMessages.invalidCredentials, 401)),
    });
    actor.send({ type: 'session.login', email: asha.email, password: 'wrong', remember: true });
    const failed = await waitFor(actor, settled);
    expect(failed.value).toBe('signedOut');
    expect(failed.context.error).toEqual({ message: 'Invalid email or password' });
    expect(failed.hasTag('busy')).toBe(false);
    expect(actions.persistToken).not.toHaveBeenCalled();
    expect(actions.navigate).not.toHaveBeenCalled();
  });

  it('shows the rate limit message as the server words it', async () => {
    const { actor } = startSession({
      logIn: () => Promise.reject(apiError(authMessages.tooManyAttempts(15), 429)),
    });
    actor.send({ type: 'session.login', email: asha.email, password: 'wrong', remember: false });
    const failed = await waitFor(actor, settled);
    expect(failed.context.error?.message).toBe(
      'Too many failed sign-in attempts. Please try again in 15 minutes.',
    );
  });

  it.each([
    ['an error without a message', new Error('')],
    ['a blank message', apiError('   ', 500)],
    ['a non-error rejection', undefined],
  ])('falls back to "Failed to log in" for %s', async (_, error) => {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- one case rejects with no Error on purpose
    const { actor } = startSession({ logIn: () => Promise.reject(error) });
    actor.send({ type: 'session.login', email: asha.email, password: 'secret123', remember: false });
    const failed = await waitFor(actor, settled);
    expect(failed.context.error).toEqual({ message: 'Failed to log in' });
  });

  it('clears the previous error and notice when a new attempt starts', async () => {
    const attempts = [deferred<LoginResult>(), deferred<LoginResult>()];
    let n = 0;
    const { actor } = startSession({ logIn: () => attempts[n++]!.promise });
    actor.send({ type: 'session.formOpened', notice: authMessages.registered });
    actor.send({ type: 'session.login', email: asha.email, password: 'wrong', remember: false });
    expect(actor.getSnapshot().context.notice).toBeUndefined();
    attempts[0]!.reject(apiError(authMessages.invalidCredentials, 401));
    await waitFor(actor, (s) => s.context.error !== undefined);
    actor.send({ type: 'session.login', email: asha.email, password: 'secret123', remember: false });
    expect(actor.getSnapshot().context.error).toBeUndefined();
    attempts[1]!.resolve({ token: 't', user: asha });
    await waitFor(actor, (s) => s.matches('signedIn'));
  });
});

describe('session machine: registering', () => {
  it('registers (busy), then is signed in with the new session, kept for this tab, and goes on to /', async () => {
    const registered = deferred<LoginResult>();
    const register = vi.fn(() => registered.promise);
    const { actor, actions } = startSession({ register });
    actor.send({ type: 'session.register', details });
    expect(actor.getSnapshot().value).toBe('registering');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(register).toHaveBeenCalledWith(details);
    registered.resolve({ token: 'new-token', user: asha });
    const done = await waitFor(actor, settled);
    expect(done.value).toBe('signedIn');
    expect(done.context).toMatchObject({
      user: asha,
      token: 'new-token',
      error: undefined,
      notice: undefined,
    });
    expect(actions.persistToken).toHaveBeenCalledWith(expect.anything(), {
      token: 'new-token',
      remember: false,
    });
    expect(actions.navigate).toHaveBeenCalledWith(expect.anything(), { to: '/', replace: true });
  });

  it('continues to the place the customer came from', async () => {
    const { actor, actions } = startSession({
      register: () => Promise.resolve({ token: 'new-token', user: asha }),
    });
    const returnTo = '/puja-booking/3?package=31&step=details';
    actor.send({ type: 'session.register', details, returnTo });
    await waitFor(actor, settled);
    expect(actions.navigate).toHaveBeenCalledWith(expect.anything(), { to: returnTo, replace: true });
  });

  it('keeps the server message when registration fails (e.g. 409 duplicate e-mail)', async () => {
    const { actor, actions } = startSession({
      register: () => Promise.reject(apiError(authMessages.emailTaken, 409)),
    });
    actor.send({ type: 'session.register', details });
    const failed = await waitFor(actor, settled);
    expect(failed.value).toBe('signedOut');
    expect(failed.context.error).toEqual({ message: 'An account with this email already exists' });
    expect(failed.context.notice).toBeUndefined();
    expect(actions.navigate).not.toHaveBeenCalled();
  });

  it('falls back to "Failed to register" for an error without a message', async () => {
    const { actor } = startSession({ register: () => Promise.reject(new Error('')) });
    actor.send({ type: 'session.register', details });
    const failed = await waitFor(actor, settled);
    expect(failed.context.error).toEqual({ message: 'Failed to register' });
  });
});

describe('session machine: opening a form', () => {
  it('clears the error and sets (or clears) the notice from the event', async () => {
    const { actor } = startSession({
      logIn: () => Promise.reject(apiError(authMessages.invalidCredentials, 401)),
    });
    actor.send({ type: 'session.login', email: asha.email, password: 'wrong', remember: false });
    await waitFor(actor, (s) => s.context.error !== undefined);
    actor.send({ type: 'session.formOpened', notice: authMessages.registered });
    expect(actor.getSnapshot().context).toMatchObject({ error: undefined, notice: authMessages.registered });
    actor.send({ type: 'session.formOpened' });
    expect(actor.getSnapshot().context).toMatchObject({ error: undefined, notice: undefined });
    expect(actor.getSnapshot().value).toBe('signedOut');
  });
});

describe('session machine: signed in', () => {
  it('logs out (busy), forgets the token and goes to /login', async () => {
    const done = deferred<void>();
    const logOut = vi.fn(() => done.promise);
    const { actor, actions } = await signedInSession({ logOut });
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().value).toBe('signingOut');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(logOut).toHaveBeenCalledWith({ token: 'tok-1' });
    done.resolve();
    const out = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(out.context).toMatchObject({ token: null, user: null });
    expect(actions.forgetToken).toHaveBeenCalledTimes(1);
    expect(actions.navigate).toHaveBeenCalledWith(expect.anything(), { to: '/login' });
    expect(actions.logLogoutFailure).not.toHaveBeenCalled();
  });

  it('still signs out, forgets the token and goes to /login when the logout call fails, logging the failure', async () => {
    const failure = apiError('Logout failed');
    const { actor, actions } = await signedInSession({ logOut: () => Promise.reject(failure) });
    actor.send({ type: 'session.logout' });
    const out = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(out.context).toMatchObject({ token: null, user: null, error: undefined });
    expect(actions.logLogoutFailure).toHaveBeenCalledWith(expect.anything(), failure);
    expect(actions.forgetToken).toHaveBeenCalledTimes(1);
    expect(actions.navigate).toHaveBeenCalledWith(expect.anything(), { to: '/login' });
  });

  it('signs out on session.expired (a 401 mid-session): forgets the token and redirects to login', async () => {
    const { actor, actions } = await signedInSession();
    actor.send({ type: 'session.expired' });
    const out = actor.getSnapshot();
    expect(out.value).toBe('signedOut');
    expect(out.context).toMatchObject({ token: null, user: null });
    expect(actions.forgetToken).toHaveBeenCalledTimes(1);
    expect(actions.redirectToLogin).toHaveBeenCalledTimes(1);
    expect(actions.navigate).not.toHaveBeenCalled();
  });

  it('signs out a restored session that expires mid-session too', async () => {
    const { actor, actions } = startSession({
      storedToken: 'stored',
      fetchCurrentUser: () => Promise.resolve(signedInAs(asha)),
    });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.expired' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actions.redirectToLogin).toHaveBeenCalledTimes(1);
  });
});

describe('session machine: events that do not apply', () => {
  const events = {
    'session.login': { type: 'session.login', email: asha.email, password: 'secret123', remember: true },
    'session.register': { type: 'session.register', details },
    'session.logout': { type: 'session.logout' },
    'session.expired': { type: 'session.expired' },
    'session.formOpened': { type: 'session.formOpened' },
    'session.retry': { type: 'session.retry' },
    'session.profileUpdated': { type: 'session.profileUpdated', user: { ...asha, name: 'Asha R' } },
  } satisfies { [K in SessionEvent['type']]: Extract<SessionEvent, { type: K }> };

  const context: SessionContext = {
    token: 'tok-1',
    user: asha,
    remember: true,
    returnTo: '/',
    error: undefined,
    notice: undefined,
    checkFailures: 0,
  };

  const accepted: Record<string, Array<keyof typeof events>> = {
    verifyingToken: [],
    unverified: ['session.retry'],
    signedOut: ['session.login', 'session.register', 'session.formOpened'],
    signingIn: [],
    registering: [],
    signedIn: ['session.logout', 'session.expired', 'session.profileUpdated'],
    signingOut: [],
  };

  it.each(Object.entries(accepted))('%s accepts exactly %j', (state, expected) => {
    const snapshot = sessionMachine.resolveState({ value: state, context });
    const can = (Object.keys(events) as Array<keyof typeof events>).filter((type) =>
      snapshot.can(events[type]),
    );
    expect(can).toEqual(expected);
  });

  it('takes an edited profile while signed in, keeping the token', () => {
    const edited = { ...asha, name: 'Asha R', phone: '+91 98450 12345' };
    const snapshot = sessionMachine.resolveState({ value: 'signedIn', context });
    const actor = createActor(sessionMachine, { snapshot, input: { storedToken: 'tok-1' } }).start();
    actor.send({ type: 'session.profileUpdated', user: edited });
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context).toMatchObject({ user: edited, token: 'tok-1' });
    actor.stop();
  });

  it('tags exactly the waiting states busy', () => {
    const busy = Object.keys(accepted).filter((state) =>
      sessionMachine.resolveState({ value: state, context }).hasTag('busy'),
    );
    expect(busy).toEqual(['verifyingToken', 'signingIn', 'registering', 'signingOut']);
  });

  it('ignores a second login while signed in (no call, no navigation)', async () => {
    const logIn = vi.fn(() => Promise.resolve({ token: 'tok-1', user: asha }));
    const { actor, actions } = await signedInSession({ logIn });
    expect(actor.getSnapshot().can(events['session.login'])).toBe(false);
    actor.send(events['session.login']);
    actor.send(events['session.register']);
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(logIn).toHaveBeenCalledTimes(1);
    expect(actions.navigate).not.toHaveBeenCalled();
  });

  it('ignores logout and expiry while signed out', () => {
    const { actor, actions } = startSession();
    actor.send(events['session.logout']);
    actor.send(events['session.expired']);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actions.forgetToken).not.toHaveBeenCalled();
    expect(actions.redirectToLogin).not.toHaveBeenCalled();
  });

  it('ignores a double submit while signing in', () => {
    const logIn = vi.fn(() => new Promise<LoginResult>(() => {}));
    const { actor } = startSession({ logIn });
    actor.send(events['session.login']);
    actor.send(events['session.login']);
    actor.send(events['session.formOpened']);
    expect(actor.getSnapshot().value).toBe('signingIn');
    expect(logIn).toHaveBeenCalledTimes(1);
  });
});
