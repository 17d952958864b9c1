import { render } from '@testing-library/react';
import { App } from '../../src/app/app.tsx';

/** Renders the whole SPA (shell, routes, real pages) at a hash route, as a visitor would open it. */
export function renderAppAt(path: string) {
  window.location.hash = `#${path}`;
  return render(<App />);
}
