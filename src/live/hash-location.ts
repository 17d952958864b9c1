import { useSyncExternalStore } from 'react';
import { splitLocale, withLocale, type Locale } from '../../contract/locales.ts';
import { localeOfRoute, rememberLocale } from './locale.tsx';

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

/**
 * The hash route as the address bar has it, language segment included (`/kn/pujas`), and the
 * route the app routes, without it (`/pujas`): pages and links know nothing of the language
 * (docs/decisions/0079-interface-text-through-lingui.md).
 */
const fullRoute = () => window.location.hash.replace(/^#?\/?/, '/');
const hashRoute = () => splitLocale(fullRoute()).path;
const currentPath = () => hashRoute().split('?')[0] ?? '/';
const currentSearch = () => hashRoute().split('?')[1] ?? '';

/** The language links and navigation carry: the route's own, else the device's choice. */
const linkLocale = (): Locale => localeOfRoute(fullRoute());

export function navigate(
  to: string,
  { replace = false, state = null }: { replace?: boolean; state?: unknown } = {},
) {
  goTo(withLocale(linkLocale(), `/${to.replace(/^#?\/?/, '')}`), { replace, state });
}

/** The same page in another language, remembered for the device (the header's switcher). */
export function switchLocale(locale: Locale) {
  rememberLocale(locale);
  goTo(withLocale(locale, fullRoute()), { replace: true, state: window.history.state });
}

function goTo(route: string, { replace, state }: { replace: boolean; state: unknown }) {
  const oldURL = window.location.href;
  const url = new URL(oldURL);
  url.hash = route;
  window.history[replace ? 'replaceState' : 'pushState'](state, '', url.href);
  window.dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: url.href }));
}

export function useHashLocation(): [string, typeof navigate] {
  return [useSyncExternalStore(subscribe, currentPath, () => '/'), navigate];
}
useHashLocation.hrefs = (href: string) => `#${withLocale(linkLocale(), href)}`;

/**
 * The link formatter for routes in `locale`: a new one per language, so that wouter gives its
 * links a new router and they render their hrefs again when the language changes.
 */
const hrefsByLocale = new Map<Locale, (href: string) => string>();
export function hrefsIn(locale: Locale) {
  let hrefs = hrefsByLocale.get(locale);
  if (!hrefs) {
    hrefs = (href: string) => `#${withLocale(locale, href)}`;
    hrefsByLocale.set(locale, hrefs);
  }
  return hrefs;
}

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
