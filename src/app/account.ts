import * as v from 'valibot';
import {
  authMessages,
  ChangePasswordRequest,
  ForgotPasswordRequest,
  MeResponse,
  MessageResponse,
  ResetPasswordRequest,
  UpdateProfileRequest,
} from '../../contract/auth.ts';
import {
  AcceptInvitationInput,
  InvitationTokenInput,
  staffMessages,
  StaffInvitationInfo,
} from '../../contract/admin-office.ts';
import type { AccountFormResult } from '../../machines/account-form/account-form.machine.ts';
import { ApiError, callApi } from '../lib/api.ts';

/** The values as the contract reads them, or the first field's message (the server checks again). */
function parsed<S extends v.GenericSchema>(schema: S, values: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, values, { abortEarly: true });
  if (!result.success) throw new ApiError(result.issues[0].message);
  return result.output;
}

/**
 * The account forms' API calls (docs/product-rules.md, Sign-in, registration and tokens), supplied
 * to accountFormMachine's `submit` by the account pages.
 */
export const accountCalls = {
  forgotPassword: async (values: unknown, signal?: AbortSignal): Promise<AccountFormResult> => {
    const { message } = await callApi('/api/auth/forgot-password', {
      method: 'POST',
      body: parsed(ForgotPasswordRequest, values),
      schema: MessageResponse,
      fallback: authMessages.forgotFailed,
      signal,
    });
    return { message };
  },

  resetPassword: async (values: unknown, signal?: AbortSignal): Promise<AccountFormResult> => {
    const { message } = await callApi('/api/auth/reset-password', {
      method: 'POST',
      body: parsed(ResetPasswordRequest, values),
      schema: MessageResponse,
      fallback: authMessages.resetFailed,
      signal,
    });
    return { message };
  },

  updateProfile: async (values: unknown, signal?: AbortSignal): Promise<AccountFormResult> => {
    const { user } = await callApi('/api/auth/me', {
      method: 'PUT',
      body: parsed(UpdateProfileRequest, values),
      schema: MeResponse,
      bearer: true,
      fallback: authMessages.profileFailed,
      signal,
    });
    return { message: authMessages.profileUpdated, user };
  },

  changePassword: async (values: unknown, signal?: AbortSignal): Promise<AccountFormResult> => {
    const { message } = await callApi('/api/auth/change-password', {
      method: 'POST',
      body: parsed(ChangePasswordRequest, values),
      schema: MessageResponse,
      bearer: true,
      fallback: authMessages.changePasswordFailed,
      signal,
    });
    return { message };
  },

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
