import * as v from 'valibot';
import { USER_ROLES } from './lifecycle.ts';
import { FORBIDDEN_TEXT, requiredText, tooLongMessage, wireText } from './text.ts';

/** docs/product-rules.md, Sign-in, registration and tokens. */
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_NAME_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;
/** A password-reset link works once, within this many minutes of being sent. */
export const PASSWORD_RESET_TTL_MINUTES = 60;

/**
 * Every message of the sign-in and registration flows. The form-level ones (`registerRequired`,
 * `passwordMismatch`, `registered`, the fallbacks) are for the SPA's forms; the field ones are
 * what the API answers with when a request body fails validation.
 */
export const authMessages = {
  // form level (docs/product-rules.md, Sign-in, registration and tokens)
  loginRequired: 'Please enter both email and password',
  registerRequired: 'Please fill in all required fields',
  passwordMismatch: 'Passwords do not match',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  // after registering, and the SPA's fallbacks (docs/product-rules.md, Messages and errors)
  registered: 'Registration successful! Please log in.',
  loginFailed: 'Failed to log in',
  registerFailed: 'Failed to register',
  // field level (server validation, shared with the SPA)
  nameRequired: 'Name is required',
  nameText: 'Name must be text',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phoneInvalid: 'Please enter a valid phone number (7 to 20 digits, spaces, + or -)',
  passwordRequired: 'Password is required',
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  // API answers
  emailTaken: 'An account with this email already exists',
  invalidCredentials: 'Invalid email or password',
  signInRequired: 'Please sign in to continue',
  loggedOut: 'Logged out',
  tooManyAttempts: (minutes: number) =>
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  // account basics (docs/product-rules.md, Sign-in, registration and tokens)
  resetRequested:
    'If an account exists for that email, we have sent a link to reset its password. Please check your inbox.',
  resetLinkInvalid: 'This password reset link is not valid. Please ask for a new one.',
  resetLinkExpired: 'This password reset link has expired. Please ask for a new one.',
  resetLinkUsed: 'This password reset link has already been used. Please ask for a new one.',
  passwordReset: 'Your password has been reset. Please log in.',
  forgotFailed: 'Failed to send the reset link',
  resetFailed: 'Failed to reset the password',
  tooManyResetRequests: (minutes: number) =>
    `Too many reset requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  profileUpdated: 'Profile updated',
  profileFailed: 'Failed to update the profile',
  currentPasswordRequired: 'Please enter your current password',
  currentPasswordWrong: 'Your current password is incorrect',
  passwordChanged: 'Password changed. You have been signed out on your other devices.',
  changePasswordFailed: 'Failed to change the password',
} as const;

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

export const User = v.object({
  id: v.number(),
  name: v.string(),
  email: v.string(),
  phone: v.nullable(v.string()),
  /** customer, staff or admin; an answer without one is a customer's. */
  role: v.optional(v.picklist(USER_ROLES), 'customer'),
});
export type User = v.InferOutput<typeof User>;

export const LoginResponse = v.object({ token: v.string(), user: User });
export type LoginResponse = v.InferOutput<typeof LoginResponse>;

export const RegisterResponse = v.object({ user: User });
export type RegisterResponse = v.InferOutput<typeof RegisterResponse>;

export const MeResponse = v.object({ user: User });
export type MeResponse = v.InferOutput<typeof MeResponse>;

/** The body of POST /api/auth/logout's answer (and any other plain acknowledgement). */
export const MessageResponse = v.object({ message: v.string() });
export type MessageResponse = v.InferOutput<typeof MessageResponse>;

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
