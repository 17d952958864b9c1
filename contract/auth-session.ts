import * as v from 'valibot';
import { USER_ROLES } from './roles.ts';

/**
 * The part of the sign-in contract the SPA's session uses (its messages and limits, the user and
 * the answers of the session's calls). Apart from the request schemas (contract/auth.ts, which
 * re-exports all of this) so the session, which every page starts, does not bring those schemas
 * along (docs/decisions/0032-the-entry-loads-what-the-first-paint-needs.md).
 */

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

export const User = v.object({
  id: v.number(),
  name: v.string(),
  email: v.string(),
  phone: v.nullable(v.string()),
  /** customer, staff or admin; an answer without one is a customer's. */
  role: v.optional(v.picklist(USER_ROLES), 'customer'),
  /**
   * They agreed to WhatsApp updates (docs/product-rules.md, Messages to customers, Consent), so
   * checkout and the booking wizard need not offer the box again. Absent: not known, offered.
   */
  whatsappUpdates: v.optional(v.boolean()),
});
export type User = v.InferOutput<typeof User>;

export const LoginResponse = v.object({ token: v.string(), user: User });
export type LoginResponse = v.InferOutput<typeof LoginResponse>;

/** A new account comes signed in; an API that answers without a token is followed by a sign-in. */
export const RegisterResponse = v.object({ user: User, token: v.optional(v.string()) });
export type RegisterResponse = v.InferOutput<typeof RegisterResponse>;

export const MeResponse = v.object({ user: User });
export type MeResponse = v.InferOutput<typeof MeResponse>;

/** The body of POST /api/auth/logout's answer (and any other plain acknowledgement). */
export const MessageResponse = v.object({ message: v.string() });
export type MessageResponse = v.InferOutput<typeof MessageResponse>;
