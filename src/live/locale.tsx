import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { DEFAULT_LOCALE, isLocale, LOCALE_TAGS, splitLocale, type Locale } from '../../contract/locales.ts';
import type { Message } from '../../contract/shell-messages.ts';
import { messages as english } from '../locales/en-IN/messages.ts';

/**
 * The language the shop speaks (docs/product-rules.md, Languages;
 * docs/decisions/0079-interface-text-through-lingui.md). The route's first segment names it
 * (`/#/kn/pujas`); a route without one is in the language last chosen on this device, or
 * English. Each language's compiled catalogue is its own chunk, downloaded the first time the
 * language is wanted; English is in the entry, so an English page downloads no other language.
 */

const STORAGE_KEY = 'shop.locale';

/** Each language's compiled catalogue (src/locales/, `npm run i18n:compile`). */
const load: Record<Exclude<Locale, 'en-IN'>, () => Promise<{ messages: Messages }>> = {
  kn: () => import('../locales/kn/messages.ts'),
  ta: () => import('../locales/ta/messages.ts'),
  te: () => import('../locales/te/messages.ts'),
  ml: () => import('../locales/ml/messages.ts'),
  hi: () => import('../locales/hi/messages.ts'),
};

const i18ns = new Map<Locale, I18n>([[DEFAULT_LOCALE, i18nFor(DEFAULT_LOCALE, english)]]);
const pending = new Map<Locale, Promise<void>>();
const loadListeners = new Set<() => void>();
let loads = 0;

function i18nFor(locale: Locale, messages: Messages): I18n {
  return setupI18n({ locale, messages: { [locale]: messages } });
}

/** Downloads a language's catalogue once; resolves when it can be shown. */
export function loadLocale(locale: Locale): Promise<void> {
  if (locale === DEFAULT_LOCALE || i18ns.has(locale)) return Promise.resolve();
  const started = pending.get(locale);
  if (started) return started;
  const promise = load[locale]().then(
    ({ messages }) => {
      i18ns.set(locale, i18nFor(locale, messages));
      loads += 1;
      loadListeners.forEach((listener) => listener());
    },
    (error: unknown) => {
      // A failed download is tried again the next time the language is wanted.
      pending.delete(locale);
      throw error;
    },
  );
  pending.set(locale, promise);
  return promise;
}

/** The language chosen last on this device (English when none was, or storage is unavailable). */
export function rememberedLocale(): Locale {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isLocale(stored) ? stored : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

export function rememberLocale(locale: Locale) {
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Private browsing without storage: the language holds for this visit only.
  }
}

/** The language a hash route is in: its own segment, else the device's choice. */
export function localeOfRoute(route: string): Locale {
  return splitLocale(route).locale ?? rememberedLocale();
}

const currentRoute = () => window.location.hash.replace(/^#?\/?/, '/');
const subscribeRoute = (listener: () => void) => {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
};
const subscribeLoads = (listener: () => void) => {
  loadListeners.add(listener);
  return () => loadListeners.delete(listener);
};

/** Downloads the catalogue of the route the page opens at, so the first paint is in its language. */
export function prepareLocale(): Promise<void> {
  return loadLocale(localeOfRoute(currentRoute())).catch(() => {});
}

type Values = Record<string, string | number>;
export type Translate = (message: Message, values?: Values) => string;
type LocaleValue = { locale: Locale; t: Translate };

const englishValue: LocaleValue = {
  locale: DEFAULT_LOCALE,
  t: (message, values) => i18ns.get(DEFAULT_LOCALE)!._({ ...message, values }),
};
const LocaleContext = createContext<LocaleValue>(englishValue);

/** The language the route asks for, and the one shown (the same once its catalogue is here). */
export function useRouteLocale(): { wanted: Locale; shown: Locale } {
  const wanted = useSyncExternalStore<Locale>(
    subscribeRoute,
    () => localeOfRoute(currentRoute()),
    () => DEFAULT_LOCALE,
  );
  useSyncExternalStore(
    subscribeLoads,
    () => loads,
    () => 0,
  );
  useEffect(() => {
    // A route that names its language makes it the device's choice (docs/product-rules.md, Languages).
    if (splitLocale(currentRoute()).locale) rememberLocale(wanted);
    // Until it arrives (or should it fail to, offline) the page stays in English.
    loadLocale(wanted).catch(() => {});
  }, [wanted]);
  return { wanted, shown: i18ns.has(wanted) ? wanted : DEFAULT_LOCALE };
}

/** Gives the pages below the shown language; `<html lang>` follows it. */
export function LocaleProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const value = useMemo<LocaleValue>(() => {
    const i18n = i18ns.get(locale) ?? i18ns.get(DEFAULT_LOCALE)!;
    return { locale, t: (message, values) => i18n._({ ...message, values }) };
  }, [locale]);
  useEffect(() => {
    document.documentElement.lang = LOCALE_TAGS[locale];
  }, [locale]);
  return <LocaleContext value={value}>{children}</LocaleContext>;
}

/** The shown language and its `t(message, values)`. */
export const useLocale = () => useContext(LocaleContext);
