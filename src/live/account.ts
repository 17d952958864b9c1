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
import type { AccountFormResult } from '../../machines/account-form/account-form.machine.ts';
import { ApiError, callApi } from '../lib/api.ts';

/** The values as the contract reads them, or the first field's message (the server checks again). */
export function parsed<S extends v.GenericSchema>(schema: S, values: unknown): v.InferOutput<S> {
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
};
