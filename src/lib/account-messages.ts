import {
  accountMessagesMessages,
  AccountMessagesResponse,
  LinkPreferencesResponse,
  PreferencesResponse,
  type PreferencesPayload,
} from '../../contract/account-messages.ts';
import { callApi, getOwn } from './api.ts';

/** The customer's Messages (docs/product-rules.md, Messages to customers, Consent). */

export function fetchAccountMessages(signal?: AbortSignal) {
  return getOwn('/api/account/messages', AccountMessagesResponse, accountMessagesMessages.loadFailed, signal);
}

export async function saveAccountPreferences(change: PreferencesPayload, signal?: AbortSignal) {
  const { preferences } = await callApi('/api/account/messages/preferences', {
    method: 'PUT',
    body: change,
    schema: PreferencesResponse,
    bearer: true,
    fallback: accountMessagesMessages.saveFailed,
    signal,
  });
  return preferences;
}

/** Through the signed link every e-mail carries: no sign-in. */
export function fetchLinkPreferences(token: string, signal?: AbortSignal) {
  return callApi(`/api/messages/preferences/${encodeURIComponent(token)}`, {
    schema: LinkPreferencesResponse,
    fallback: accountMessagesMessages.loadFailed,
    signal,
  });
}

export async function saveLinkPreferences(token: string, change: PreferencesPayload, signal?: AbortSignal) {
  const { preferences } = await callApi(`/api/messages/preferences/${encodeURIComponent(token)}`, {
    method: 'PUT',
    body: change,
    schema: PreferencesResponse,
    fallback: accountMessagesMessages.saveFailed,
    signal,
  });
  return preferences;
}
