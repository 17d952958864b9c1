import { useSyncExternalStore } from 'react';

/**
 * Hash routing that keeps a route's query inside the hash (`#/login?redirect=%2Faccount`).
 * wouter's own hash hook moves the query into the page URL's search, where it outlives the
 * route it belonged to; here every navigation replaces the whole hash, query included.
 */
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener('hashchange', notify);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('hashchange', notify);
  };
}

const hashRoute = () => window.location.hash.replace(/^#?\/?/, '/');
const currentPath = () => hashRoute().split('?')[0] ?? '/';
const currentSearch = () => hashRoute().split('?')[1] ?? '';

export function navigate(
  to: string,
  { replace = false, state = null }: { replace?: boolean; state?: unknown } = {},
) {
  const oldURL = window.location.href;
  const url = new URL(oldURL);
  url.hash = `/${to.replace(/^#?\/?/, '')}`;
  window.history[replace ? 'replaceState' : 'pushState'](state, '', url.href);
  window.dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: url.href }));
}

export function useHashLocation(): [string, typeof navigate] {
  return [useSyncExternalStore(subscribe, currentPath, () => '/'), navigate];
}
useHashLocation.hrefs = (href: string) => `#${href}`;

export function useHashSearch(): string {
  return useSyncExternalStore(subscribe, currentSearch, () => '');
}

/** The route the visitor is on, query included (for "come back here after login"). */
export const currentRoute = hashRoute;

/**
 * A page opened by its path (`/pujas`, typed or shared without `#`): the server sends the SPA
 * there (docs/decisions/0057-pages-at-their-paths-for-a-browser.md), and the hash router shows
 * the same route once the path has moved into the hash (`/#/pujas`), query included. A path
 * outside the route table lands on the "not found" page the same way.
 */
export function movePathIntoHash() {
  const { pathname, search, hash } = window.location;
  if (pathname === '/' || hash) return;
  window.history.replaceState(window.history.state, '', `/#${pathname}${search}`);
}
