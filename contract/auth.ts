import * as v from 'valibot';
import {
  authMessages,
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from './auth-session.ts';
import { WhatsappUpdates } from './messages.ts';
import { FORBIDDEN_TEXT, requiredText, tooLongMessage, wireText } from './text.ts';

export {
  authMessages,
  LoginResponse,
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MeResponse,
  MessageResponse,
  MIN_PASSWORD_LENGTH,
  PASSWORD_RESET_TTL_MINUTES,
  RegisterResponse,
  User,
} from './auth-session.ts';

/** Why a reset link or a password change was refused, for the SPA to tell apart. */
export const ACCOUNT_CODES = [
  'reset_link_invalid',
  'reset_link_expired',
  'reset_link_used',
  'wrong_password',
] as const;
export type AccountCode = (typeof ACCOUNT_CODES)[number];

/** Trimmed and lower-cased, so " Asha@Example.COM " and "asha@example.com" are one account. */
export const Email = v.pipe(
  wireText('Email must be text'),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty(authMessages.emailRequired),
  v.maxLength(MAX_EMAIL_LENGTH, tooLongMessage('Email', MAX_EMAIL_LENGTH)),
  v.email(authMessages.emailInvalid),
);

const PHONE_CHARS = /^[0-9+\- ]{7,20}$/;

/** Optional: blank (or null) becomes undefined; otherwise 7-20 of digits, spaces, + and -, at least 7 digits. */
const Phone = v.optional(
  v.pipe(
    v.nullable(v.string('Phone number must be text')),
    v.transform((value) => value?.trim() || undefined),
    v.check(
      (value) => value === undefined || (PHONE_CHARS.test(value) && value.replace(/\D/g, '').length >= 7),
      authMessages.phoneInvalid,
    ),
  ),
);

/** Not trimmed (spaces may be part of a password), but whitespace-only counts as missing. */
export const NewPassword = v.pipe(
  wireText('Password must be text'),
  v.check((value) => value.trim() !== '', authMessages.passwordRequired),
  v.minLength(MIN_PASSWORD_LENGTH, authMessages.passwordTooShort),
  v.maxLength(MAX_PASSWORD_LENGTH, authMessages.passwordTooLong),
  v.check((value) => !FORBIDDEN_TEXT.test(value), 'Password contains characters that are not allowed'),
);

/** POST /api/auth/register. Unknown keys (isAdmin, id, ...) are dropped, never stored. */
export const RegisterRequest = v.object({
  name: requiredText('Name', authMessages.nameRequired, MAX_NAME_LENGTH),
  email: Email,
  phone: Phone,
  password: NewPassword,
  /**
   * The unticked box "Send me updates on WhatsApp" (docs/product-rules.md, Messages to customers,
   * Consent): ticked, it needs `phone` to be a 10-digit Indian mobile.
   */
  whatsappUpdates: WhatsappUpdates,
});
export type RegisterRequest = v.InferOutput<typeof RegisterRequest>;

const loginField = v.pipe(
  wireText(authMessages.loginRequired),
  v.check((value) => value.trim() !== '', authMessages.loginRequired),
);

/** POST /api/auth/login. Either field blank gives the spec's one message. */
export const LoginRequest = v.object({
  email: v.pipe(loginField, v.trim(), v.toLowerCase()),
  password: loginField,
});
export type LoginRequest = v.InferOutput<typeof LoginRequest>;

/** POST /api/auth/forgot-password. */
export const ForgotPasswordRequest = v.object({ email: Email });
export type ForgotPasswordRequest = v.InferOutput<typeof ForgotPasswordRequest>;

/** The token of an e-mailed reset link: 32 random bytes, base64url (43 characters). */
export const RESET_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** POST /api/auth/reset-password. */
export const ResetPasswordRequest = v.object({
  token: v.pipe(wireText(authMessages.resetLinkInvalid), v.regex(RESET_TOKEN, authMessages.resetLinkInvalid)),
  password: NewPassword,
});
export type ResetPasswordRequest = v.InferOutput<typeof ResetPasswordRequest>;

/** PUT /api/auth/me: Edit Profile. The e-mail is the sign-in name and does not change here. */
export const UpdateProfileRequest = v.object({
  name: requiredText('Name', authMessages.nameRequired, MAX_NAME_LENGTH),
  phone: Phone,
});
export type UpdateProfileRequest = v.InferOutput<typeof UpdateProfileRequest>;

/** POST /api/auth/change-password: the current password is required. */
export const ChangePasswordRequest = v.object({
  currentPassword: v.pipe(
    wireText(authMessages.currentPasswordRequired),
    v.check((value) => value !== '', authMessages.currentPasswordRequired),
    v.maxLength(MAX_PASSWORD_LENGTH, authMessages.currentPasswordWrong),
  ),
  newPassword: NewPassword,
});
export type ChangePasswordRequest = v.InferOutput<typeof ChangePasswordRequest>;
