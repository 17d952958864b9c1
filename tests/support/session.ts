/** Where the SPA keeps the session's token (src/live/session.tsx): a test signs in by setting it. */
export const TOKEN_KEY = 'shop.session.token';

/** Start the app signed in as the holder of `token` (as a reload after signing in would). */
export const signInAs = (token: string) => localStorage.setItem(TOKEN_KEY, token);
