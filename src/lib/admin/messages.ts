import {
  AdminMessageListResponse,
  AdminMessagePageResponse,
  AdminMessageResponse,
  adminMessageMessages,
  MessageTemplatesResponse,
} from '../../../contract/admin/messages.ts';
import { callApi } from '../api.ts';
import { queryString, staffGet, type StaffQuery } from './client.ts';

/** The customers' messages in the back office (contract/admin/messages.ts). */

/** A page of the messages of one status (`status=failed`), newest first, with each status's count. */
export const fetchStaffMessages = (query: StaffQuery, signal?: AbortSignal) =>
  staffGet(`/api/admin/messages${queryString(query)}`, AdminMessagePageResponse, signal);

/** The messages of one order or booking, oldest first. */
export const fetchRecordMessages = (kind: 'order' | 'booking', id: number, signal?: AbortSignal) =>
  staffGet(`/api/admin/${kind}s/${id}/messages`, AdminMessageListResponse, signal).then(
    ({ messages }) => messages,
  );

/** A failed message queued again from its first try: the message as it is now. */
export const resendStaffMessage = (id: number, signal?: AbortSignal) =>
  callApi(`/api/admin/messages/${id}/resend`, {
    method: 'POST',
    body: {},
    schema: AdminMessageResponse,
    bearer: true,
    fallback: adminMessageMessages.resendFailed,
    signal,
  }).then(({ message }) => message);

/** Every template with sample facts, in every channel. */
export const fetchMessageTemplates = (signal?: AbortSignal) =>
  staffGet('/api/admin/messages/templates', MessageTemplatesResponse, signal).then(
    ({ templates }) => templates,
  );
