import { fromPromise } from 'xstate';
import type { MessagePreferencesView, PreferencesPayload } from '../../contract/account-messages.ts';
import type { Refused } from '../../contract/refusal.ts';
import {
  messagePreferencesMachine,
  type PreferencesLoaded,
} from '../../machines/message-preferences/message-preferences.machine.ts';
import {
  fetchAccountMessages,
  fetchLinkPreferences,
  saveAccountPreferences,
  saveLinkPreferences,
} from '../lib/account-messages.ts';
import { valueOrRefusal } from '../lib/api.ts';

type Loaded = { kind: 'ok'; value: PreferencesLoaded } | Refused;
type Saved = { kind: 'ok'; value: MessagePreferencesView } | Refused;

/** The account's Messages tab: the signed-in customer's own preferences and messages. */
export const accountPreferencesMachine = messagePreferencesMachine.provide({
  actors: {
    load: fromPromise<Loaded, void>(({ signal }) => valueOrRefusal(fetchAccountMessages(signal))),
    save: fromPromise<Saved, PreferencesPayload>(({ input, signal }) =>
      valueOrRefusal(saveAccountPreferences(input, signal)),
    ),
  },
});

/** The page the signed e-mail link opens: the same switches, for the link's customer, without a sign-in. */
export const linkPreferencesMachine = (token: string) =>
  messagePreferencesMachine.provide({
    actors: {
      load: fromPromise<Loaded, void>(({ signal }) => valueOrRefusal(fetchLinkPreferences(token, signal))),
      save: fromPromise<Saved, PreferencesPayload>(({ input, signal }) =>
        valueOrRefusal(saveLinkPreferences(token, input, signal)),
      ),
    },
  });
