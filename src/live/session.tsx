import { createActorContext } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { currentRoute, navigate } from './hash-location.ts';
import { sessionMachine, type LoginResult, type TokenCheck } from '../../machines/session/session.machine.ts';
import { selectCheckError } from '../../machines/session/session.selectors.ts';
import {
  authMessages,
  LoginResponse,
  MeResponse,
  MessageResponse,
  RegisterResponse,
} from '../../contract/auth-session.ts';
import { ApiError, callApi, configureAuth } from '../lib/api.ts';
import { inspectOptions } from '../lib/inspector.ts';
import { ErrorBanner } from '../ui/status.tsx';

const TOKEN_KEY = 'shop.session.token';

/** The token lives in local storage with "remember me", otherwise in this tab's session storage. */
export const tokenStorage = {
  read(): string | null {
    try {
      return localStorage.getItem(TOKEN_KEY) ?? sessionStorage.getItem(TOKEN_KEY);
    } catch {
      return null;
    }
  },
  write(token: string, remember: boolean) {
    this.clear();
    (remember ? localStorage : sessionStorage).setItem(TOKEN_KEY, token);
  },
  clear() {
    localStorage.removeItem(TOKEN_KEY);
    sessionStorage.removeItem(TOKEN_KEY);
  },
};

/** The session machine with the browser's storage, navigation and our API plugged in. */
export const liveSessionMachine = sessionMachine.provide({
  actors: {
    fetchCurrentUser: fromPromise<TokenCheck, { token: string }>(async ({ input, signal }) => {
      try {
        const { user } = await callApi('/api/auth/me', {
          schema: MeResponse,
          headers: { Authorization: `Bearer ${input.token}` },
          fallback: 'Could not check your session',
          signal,
        });
        return { kind: 'signedIn', user };
      } catch (error) {
        // 401 is the API refusing this token (expired or revoked); anything else says nothing of it.
        if (error instanceof ApiError && error.status === 401) return { kind: 'tokenRefused' };
        throw error;
      }
    }),
    logIn: fromPromise<LoginResult, { email: string; password: string }>(({ input, signal }) =>
      callApi('/api/auth/login', {
        method: 'POST',
        body: input,
        schema: LoginResponse,
        fallback: authMessages.loginFailed,
        signal,
      }),
    ),
    register: fromPromise(async ({ input, signal }) => {
      const { user, token } = await callApi('/api/auth/register', {
        method: 'POST',
        body: input,
        schema: RegisterResponse,
        fallback: authMessages.registerFailed,
        signal,
      });
      if (token) return { token, user };
      // An API whose register answers without a token: sign in with the same credentials.
      return callApi('/api/auth/login', {
        method: 'POST',
        body: { email: input.email, password: input.password },
        schema: LoginResponse,
        fallback: authMessages.loginFailed,
        signal,
      });
    }),
    logOut: fromPromise(async ({ signal }) => {
      await callApi('/api/auth/logout', {
        method: 'POST',
        schema: MessageResponse,
        bearer: true,
        fallback: 'Logout failed',
        signal,
      });
    }),
  },
  actions: {
    persistToken: (_, { token, remember }) => tokenStorage.write(token, remember),
    forgetToken: () => tokenStorage.clear(),
    navigate: (_, { to, replace }) => navigate(to, { replace }),
    redirectToLogin: () => {
      const from = currentRoute();
      // The back office signs its visitors in where they are (docs/product-rules.md, Roles and the back office).
      if (from === '/admin' || from.startsWith('/admin/') || from.startsWith('/admin?')) return;
      navigate(from.startsWith('/login') ? '/login' : `/login?redirect=${encodeURIComponent(from)}`, {
        replace: true,
      });
    },
    logLogoutFailure: (_, error) => console.error('Logout failed', error),
  },
});

export const SessionContext = createActorContext(liveSessionMachine);

/** Connects the API client to the session before any page makes a call (render runs before effects). */
function AuthBridge() {
  const session = SessionContext.useActorRef();
  useState(() =>
    configureAuth({
      getToken: () => session.getSnapshot().context.token,
      onUnauthorized: () => session.send({ type: 'session.expired' }),
      // Only an unverified session (its check found the API down) acts on this.
      onReachable: () => session.send({ type: 'session.retry' }),
    }),
  );
  return null;
}

/** The root session actor: one per app, restoring a stored token when it starts. */
export function SessionProvider({ children }: { children: ReactNode }) {
  return (
    <SessionContext.Provider options={{ input: { storedToken: tokenStorage.read() }, ...inspectOptions() }}>
      <AuthBridge />
      {children}
    </SessionContext.Provider>
  );
}

/**
 * Shown instead of a customer-only page while a kept token could not be checked (the API is
 * down): Retry checks it again; the session also retries by itself and when the API answers.
 */
export function SessionCheckFailed() {
  const session = SessionContext.useActorRef();
  const message = SessionContext.useSelector(selectCheckError);
  return (
    <div className="container page">
      <ErrorBanner
        message={message ?? 'We could not check your sign-in.'}
        onRetry={() => session.send({ type: 'session.retry' })}
      />
    </div>
  );
}
