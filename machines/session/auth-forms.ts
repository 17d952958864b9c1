import * as v from 'valibot';
import { WHATSAPP_NEEDS_MOBILE } from '../../contract/messages.ts';
import { isIndianMobile } from '../../contract/mobile.ts';
import { authMessages, LoginRequest, MIN_PASSWORD_LENGTH, RegisterRequest } from '../../contract/auth.ts';

/** The register form's terms checkbox (docs/product-rules.md, Sign-in, registration and tokens). */
export const termsRequired = 'Please accept the Terms of Service and Privacy Policy';

export interface LoginValues {
  email: string;
  password: string;
}

export interface RegistrationValues {
  name: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
  /** The unticked "Send me updates on WhatsApp" (docs/product-rules.md, Messages to customers, Consent); absent is unticked. */
  whatsappUpdates?: boolean;
}

/** Either the request to send, or the one message the form shows. */
export type Validated<T> = { ok: true; request: T } | { ok: false; message: string };

const firstIssue = (issues: readonly { message: string }[], fallback: string) =>
  issues[0]?.message ?? fallback;

/** docs/product-rules.md, Sign-in, registration and tokens: both fields required ("Please enter both email and password"), through the shared schema. */
export function validateLogin(values: LoginValues): Validated<LoginRequest> {
  const result = v.safeParse(LoginRequest, { email: values.email, password: values.password });
  return result.success
    ? { ok: true, request: result.output }
    : { ok: false, message: firstIssue(result.issues, authMessages.loginRequired) };
}

const blank = (value: string) => value.trim() === '';

/** The message beside each blank required field of the register form. */
export const registrationFieldRequired = {
  name: 'Please enter your name',
  email: 'Please enter your email address',
  password: 'Please choose a password',
  confirmPassword: 'Please type the password again',
} as const;

export type RegistrationField = keyof RegistrationValues;

/** The register form's refusal: its one message, and each field to mark with what to say beside it. */
export type RegistrationValidated =
  | { ok: true; request: RegisterRequest }
  | { ok: false; message: string; fields: Partial<Record<RegistrationField, string>> };

/** The form fields in the order they appear, so the first marked one can be focused. */
export const registrationFieldOrder: readonly RegistrationField[] = [
  'name',
  'email',
  'phone',
  'password',
  'confirmPassword',
  'acceptTerms',
  'whatsappUpdates',
];

/**
 * docs/product-rules.md, Sign-in, registration and tokens, in its order: required fields, matching passwords, minimum length,
 * the terms; then the schema the server applies (e-mail format, phone, lengths), so the
 * customer sees the server's own field message before any request is made. Every refusal names
 * the fields it concerns, so the form can mark them.
 */
export function validateRegistration(values: RegistrationValues): RegistrationValidated {
  const { name, email, phone, password, confirmPassword, acceptTerms } = values;
  const required = (['name', 'email', 'password', 'confirmPassword'] as const).filter((f) =>
    blank(values[f]),
  );
  if (required.length > 0)
    return {
      ok: false,
      message: authMessages.registerRequired,
      fields: Object.fromEntries(required.map((f) => [f, registrationFieldRequired[f]])),
    };
  if (password !== confirmPassword)
    return {
      ok: false,
      message: authMessages.passwordMismatch,
      fields: { confirmPassword: authMessages.passwordMismatch },
    };
  if (password.length < MIN_PASSWORD_LENGTH)
    return {
      ok: false,
      message: authMessages.passwordTooShort,
      fields: { password: authMessages.passwordTooShort },
    };
  if (!acceptTerms) return { ok: false, message: termsRequired, fields: { acceptTerms: termsRequired } };
  const whatsappUpdates = values.whatsappUpdates === true;
  // Ticked, WhatsApp needs the phone to be a mobile it can reach: said beside the phone.
  if (whatsappUpdates && !isIndianMobile(phone))
    return {
      ok: false,
      message: WHATSAPP_NEEDS_MOBILE,
      fields: { phone: WHATSAPP_NEEDS_MOBILE },
    };
  const result = v.safeParse(RegisterRequest, { name, email, phone, password, whatsappUpdates });
  if (result.success) return { ok: true, request: result.output };
  const message = firstIssue(result.issues, authMessages.registerFailed);
  const key = result.issues[0]?.path?.[0]?.key;
  const field = registrationFieldOrder.find((f) => f === key);
  return { ok: false, message, fields: field ? { [field]: message } : {} };
}

/** Screens a visitor is never sent back to after signing in (they would only bounce). */
const AUTH_SCREENS = /^\/(login|register)(?:[/?#]|$)/;

/**
 * The `redirect` query parameter of /login, if it is a path inside this site: it must start
 * with one "/" (not "//" or "/\", which browsers read as another host) and not be an auth screen.
 */
export function returnToFrom(search: string, fallback = '/'): string {
  const target = new URLSearchParams(search).get('redirect');
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\'))
    return fallback;
  return AUTH_SCREENS.test(target) ? fallback : target;
}

/** Why the visitor is asked to sign in, read from where they will return to. */
const signInReasons: Array<[RegExp, string]> = [
  [/^\/puja-booking\//, 'Sign in to book your puja'],
  [/^\/checkout(?:[/?#]|$)/, 'Sign in to place your order'],
  [/^\/account\/bookings\//, 'Sign in to see your booking'],
  [/^\/account\/orders\//, 'Sign in to see your order'],
  [/^\/account\/family(?:[/?#]|$)/, 'Sign in to see your family'],
  [/^\/account(?:[/?#]|$)/, 'Sign in to see your account'],
  [/^\/order-confirmation\//, 'Sign in to see your order'],
  [/^\/admin(?:[/?#]|$)/, 'Sign in to open the back office'],
];

/** The sign-in page's lead line for a visitor returning to `returnTo` (docs/product-rules.md, Sign-in, registration and tokens). */
export function signInReason(returnTo: string): string {
  return (
    signInReasons.find(([pattern]) => pattern.test(returnTo))?.[1] ??
    'Sign in to manage your bookings, orders and addresses.'
  );
}
