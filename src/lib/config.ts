/**
 * Site facts and the API base, in one place. Each can be overridden at build time with a
 * VITE_ variable (see README).
 */
const env = import.meta.env;

/** Base URL of the JSON API; empty means the SPA's own origin. */
export const apiBase: string = (env.VITE_API_BASE ?? '').replace(/\/+$/, '');

/** The tagline a shop that sets none shows, in English (its translations: footer.tagline, src/locales/). */
export const DEFAULT_TAGLINE = 'Temple pujas, sacred products and trusted astrologers';

export const site = {
  brand: env.VITE_SITE_BRAND ?? 'Divya Puja Seva',
  tagline: env.VITE_SITE_TAGLINE ?? DEFAULT_TAGLINE,
  city: env.VITE_SITE_CITY ?? 'Bengaluru, Karnataka',
  supportEmail: env.VITE_SITE_EMAIL ?? 'support@divyapujaseva.in',
  supportPhone: env.VITE_SITE_PHONE ?? '+91 80 4718 2290',
  appStoreUrl: env.VITE_APP_STORE_URL ?? 'https://play.google.com/store/apps/details?id=in.divyapujaseva.app',
  social: {
    facebook: env.VITE_SOCIAL_FACEBOOK ?? 'https://www.facebook.com/divyapujaseva',
    instagram: env.VITE_SOCIAL_INSTAGRAM ?? 'https://www.instagram.com/divyapujaseva',
    youtube: env.VITE_SOCIAL_YOUTUBE ?? 'https://www.youtube.com/@divyapujaseva',
  },
} as const;

/** Image paths from the API are relative; they are served by the API. */
export function imageUrl(path: string | null | undefined): string {
  if (!path) return '';
  if (/^https?:\/\//.test(path)) return path;
  return `${apiBase}/${path.replace(/^\/+/, '')}`;
}
