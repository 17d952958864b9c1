import { render } from '@testing-library/react';
import { App } from '../../src/app/app.tsx';
import { signInAs } from './session.ts';

/** Renders the whole SPA (shell, routes, real pages) at a hash route, as a visitor would open it. */
export function renderAppAt(path: string) {
  window.location.hash = `#${path}`;
  return render(<App />);
}

/** The SPA at a hash route, started signed in as the holder of `token` (a customer, staff, an admin). */
export function renderAppAs(token: string, path: string) {
  signInAs(token);
  return renderAppAt(path);
}
