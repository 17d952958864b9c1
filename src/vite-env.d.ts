/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_SITE_BRAND?: string;
  readonly VITE_SITE_TAGLINE?: string;
  readonly VITE_SITE_CITY?: string;
  readonly VITE_SITE_EMAIL?: string;
  readonly VITE_SITE_PHONE?: string;
  readonly VITE_APP_STORE_URL?: string;
  readonly VITE_SOCIAL_FACEBOOK?: string;
  readonly VITE_SOCIAL_INSTAGRAM?: string;
  readonly VITE_SOCIAL_YOUTUBE?: string;
}
