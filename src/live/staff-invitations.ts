import * as v from 'valibot';
import { MessageResponse } from '../../contract/auth.ts';
import {
  AcceptInvitationInput,
  InvitationTokenInput,
  staffMessages,
  StaffInvitationInfo,
} from '../../contract/staff-invitations.ts';
import type { AccountFormResult } from '../../machines/account-form/account-form.machine.ts';
import { ApiError, callApi } from '../lib/api.ts';
import { parsed } from './account.ts';

/**
 * Joining the staff by an admin's invitation (docs/product-rules.md, Roles and the back office):
 * the accept page's calls, apart from the other account forms so those carry none of it.
 */
export const staffInvitationCalls = {
  acceptStaffInvitation: async (values: unknown, signal?: AbortSignal): Promise<AccountFormResult> => {
    const { message } = await callApi('/api/staff-invitations/accept', {
      method: 'POST',
      body: parsed(AcceptInvitationInput, values),
      schema: MessageResponse,
      fallback: staffMessages.acceptFailed,
      signal,
    });
    return { message };
  },
};

/** Whom a staff invitation is for; the token goes in a body, never in a URL the API logs. */
export const lookupStaffInvitation = (token: string, signal?: AbortSignal) =>
  // A mangled link is refused here as the server would (400), so the page offers no Retry.
  !v.is(InvitationTokenInput, { token })
    ? Promise.reject(new ApiError(staffMessages.linkInvalid, 400))
    : callApi('/api/staff-invitations/lookup', {
        method: 'POST',
        body: { token },
        schema: StaffInvitationInfo,
        fallback: staffMessages.linkInvalid,
        signal,
      });
