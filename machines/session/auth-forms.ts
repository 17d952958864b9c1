import * as v from 'valibot';
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

/**
 * docs/product-rules.md, Sign-in, registration and tokens, in its order: required fields, matching passwords, minimum length,
 * the terms; then the schema the server applies (e-mail format, phone, lengths), so the
 * customer sees the server's own field message before any request is made.
 */
export function validateRegistration(values: RegistrationValues): Validated<RegisterRequest> {
  const { name, email, phone, password, confirmPassword, acceptTerms } = values;
  if ([name, email, password, confirmPassword].some(blank))
    return { ok: false, message: authMessages.registerRequired };
  if (password !== confirmPassword) return { ok: false, message: authMessages.passwordMismatch };
  if (password.length < MIN_PASSWORD_LENGTH) return { ok: false, message: authMessages.passwordTooShort };
  if (!acceptTerms) return { ok: false, message: termsRequired };
  const result = v.safeParse(RegisterRequest, { name, email, phone, password });
  return result.success
    ? { ok: true, request: result.output }
    : { ok: false, message: firstIssue(result.issues, authMessages.registerFailed) };
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
