import type { User } from '../../../contract/auth.ts';
import { sessionMachine, type SessionEvent } from '../../../machines/session/session.machine.ts';
import { bareEvents, type EventFixtures, type MachineModel } from './coverage.ts';

const asha: User = { id: 3, name: 'Asha Rao', email: 'asha@example.com', phone: null, role: 'customer' };

/** An API error as src/lib/api.ts raises it. */
const apiError = (message: string, status?: number) => Object.assign(new Error(message), { status });

const events = {
  'session.login': [
    {
      type: 'session.login',
      email: 'asha@example.com',
      password: 'correct horse',
      remember: false,
      returnTo: '/checkout',
    },
  ],
  'session.register': [
    {
      type: 'session.register',
      details: {
        name: 'Asha Rao',
        email: 'asha@example.com',
        password: 'correct horse',
        whatsappUpdates: false,
      },
    },
  ],
  ...bareEvents('session.logout', 'session.expired'),
  'session.formOpened': [
    { type: 'session.formOpened' },
    { type: 'session.formOpened', notice: 'Please sign in again' },
  ],
  'session.retry': [{ type: 'session.retry' }],
  'session.profileUpdated': [{ type: 'session.profileUpdated', user: { ...asha, name: 'Asha R' } }],
} satisfies EventFixtures<SessionEvent>;

export const sessionModel: MachineModel<typeof sessionMachine> = {
  name: 'session',
  machine: sessionMachine,
  inputs: [
    { label: 'no stored token', input: { storedToken: null } },
    { label: 'stored token', input: { storedToken: 'stored-token' } },
  ],
  events,
  actors: {
    fetchCurrentUser: {
      done: [{ kind: 'signedIn', user: asha }, { kind: 'tokenRefused' }],
      error: [apiError('Network error'), apiError('Internal error', 500)],
    },
    logIn: {
      done: [{ token: 'fresh-token', user: asha }],
      error: [apiError('Invalid email or password', 401)],
    },
    register: {
      done: [{ token: 'new-token', user: asha }],
      error: [apiError('Email already registered', 409)],
    },
    logOut: { done: [undefined], error: [apiError('Network error')] },
  },
  abstract: ({ context }) => ({
    token: context.token !== null,
    user: context.user !== null,
    remember: context.remember,
    error: context.error?.message,
    notice: context.notice,
  }),
};
