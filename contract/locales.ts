/**
 * The shop's languages (docs/product-rules.md, Languages; docs/decisions/0079-interface-text-through-lingui.md).
 * English (India) is the default and has no segment in the URL; every other language is the
 * route's first segment (`/#/kn/pujas`).
 */
export const LOCALES = ['en-IN', 'kn', 'ta', 'te', 'ml', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE = 'en-IN' satisfies Locale;

/** Each language named in its own script, as the switcher shows it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  'en-IN': 'English',
  kn: 'ಕನ್ನಡ',
  ta: 'தமிழ்',
  te: 'తెలుగు',
  ml: 'മലയാളം',
  hi: 'हिन्दी',
};

/** The BCP 47 tag for `<html lang>` and each name's `lang` attribute. */
export const LOCALE_TAGS: Record<Locale, string> = {
  'en-IN': 'en-IN',
  kn: 'kn',
  ta: 'ta',
  te: 'te',
  ml: 'ml',
  hi: 'hi',
};

/** The locale for `Intl` (numbers, dates, plurals): always the Indian variant. */
export const INTL_LOCALES: Record<Locale, string> = {
  'en-IN': 'en-IN',
  kn: 'kn-IN',
  ta: 'ta-IN',
  te: 'te-IN',
  ml: 'ml-IN',
  hi: 'hi-IN',
};

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * The language a route's first segment names: `kn`, `ta`, `te`, `ml`, `hi`, and `en` for
 * English (accepted, then dropped from the URL: English routes have no segment).
 */
export function localeOfSegment(segment: string | undefined): Locale | null {
  if (segment === 'en') return DEFAULT_LOCALE;
  return segment !== DEFAULT_LOCALE && isLocale(segment) ? segment : null;
}

/** A route's language and the route without its language segment (`/kn/pujas` -> kn, `/pujas`). */
export function splitLocale(path: string): { locale: Locale | null; path: string } {
  const match = /^\/([a-z]{2})(?=\/|$|\?)(.*)$/.exec(path);
  const locale = localeOfSegment(match?.[1]);
  if (!match || !locale) return { locale: null, path };
  const rest = match[2] ?? '';
  return { locale, path: rest.startsWith('/') ? rest : `/${rest}` };
}

/** The route in a language: English has no segment, every other language leads with its own. */
export function withLocale(locale: Locale, path: string): string {
  const bare = splitLocale(path).path;
  if (locale === DEFAULT_LOCALE) return bare;
  return bare === '/'
    ? `/${locale}`
    : bare.startsWith('/?')
      ? `/${locale}${bare.slice(1)}`
      : `/${locale}${bare}`;
}
