import { registerAndLogin, type Customer } from './accounts.ts';

/** Where the SPA keeps the session's token (src/live/session.tsx): a test signs in by setting it. */
export const TOKEN_KEY = 'shop.session.token';

/** Start the app signed in as the holder of `token` (as a reload after signing in would). */
export const signInAs = (token: string) => localStorage.setItem(TOKEN_KEY, token);

/** A new customer, registered and signed in over the API, whose token the app starts with. */
export async function signInNewCustomer(
  app: Parameters<typeof registerAndLogin>[0],
  details: Parameters<typeof registerAndLogin>[1] = {},
): Promise<Customer> {
  const customer = await registerAndLogin(app, details);
  signInAs(customer.token);
  return customer;
}
