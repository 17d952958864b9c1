/**
 * The words of the shop's frame (header, mobile menu, footer) and of the home page, as message
 * descriptors: an explicit id, the English exactly as the spec writes it, and a note for the
 * translator where the English alone is not enough. `npm run i18n:extract` collects every object
 * marked `/*i18n*\/` into the catalogues (src/locales/); docs/translating.md tells the rest.
 * `{brand}` and the like are ICU arguments: names the shop fills in, never translated.
 */
/** `message` and `comment` are read by the extractor; the production build keeps the id alone (vite.config.ts). */
export type Message = { readonly id: string; readonly message: string; readonly comment?: string };

export const shellMessages = {
  navHome: /*i18n*/ { id: 'shell.nav.home', message: 'Home' },
  navAbout: /*i18n*/ { id: 'shell.nav.about', message: 'About' },
  navPujas: /*i18n*/ { id: 'shell.nav.pujas', message: 'Pujas' },
  navProducts: /*i18n*/ { id: 'shell.nav.products', message: 'Products' },
  navContact: /*i18n*/ { id: 'shell.nav.contact', message: 'Contact' },
  mainNav: /*i18n*/ {
    id: 'shell.nav.main',
    message: 'Main',
    comment: 'Name of the main navigation, read by screen readers',
  },
  mobileNav: /*i18n*/ {
    id: 'shell.nav.mobile',
    message: 'Mobile',
    comment: 'Name of the navigation inside the phone menu, read by screen readers',
  },
  logoHome: /*i18n*/ {
    id: 'shell.logo.home',
    message: '{brand} home',
    comment: 'The logo links to the home page; {brand} is the shop’s name',
  },
  myAccount: /*i18n*/ { id: 'shell.account', message: 'My Account' },
  login: /*i18n*/ { id: 'shell.login', message: 'Login', comment: 'Button: sign in' },
  openMenu: /*i18n*/ { id: 'shell.menu.open', message: 'Open menu' },
  closeMenu: /*i18n*/ { id: 'shell.menu.close', message: 'Close menu' },
  menu: /*i18n*/ { id: 'shell.menu', message: 'Menu', comment: 'Name of the phone menu dialog' },
  language: /*i18n*/ { id: 'shell.language', message: 'Language', comment: 'Label of the language switcher' },
  onNetwork: /*i18n*/ {
    id: 'shell.social',
    message: '{brand} on {network}',
    comment: '{network} is Facebook, Instagram or YouTube',
  },
  quickLinks: /*i18n*/ { id: 'footer.quick', message: 'Quick Links' },
  customerService: /*i18n*/ { id: 'footer.service', message: 'Customer Service' },
  contactUs: /*i18n*/ { id: 'footer.contact', message: 'Contact Us' },
  aboutUs: /*i18n*/ { id: 'footer.about', message: 'About Us' },
  disclaimer: /*i18n*/ { id: 'footer.disclaimer', message: 'Disclaimer' },
  refundPolicy: /*i18n*/ { id: 'footer.refund', message: 'Refund Policy' },
  terms: /*i18n*/ { id: 'footer.terms', message: 'Terms & Conditions' },
  privacyPolicy: /*i18n*/ { id: 'footer.privacy', message: 'Privacy Policy' },
  pricingPolicy: /*i18n*/ { id: 'footer.pricing', message: 'Pricing Policy' },
  tagline: /*i18n*/ {
    id: 'footer.tagline',
    message: 'Temple pujas, sacred products and trusted astrologers',
    comment: 'The shop’s tagline under its name',
  },
  inIndia: /*i18n*/ {
    id: 'footer.city',
    message: '{city}, India',
    comment: '{city} is “Bengaluru, Karnataka”',
  },
  getTheApp: /*i18n*/ { id: 'footer.app', message: 'Get the app' },
  opensAppStore: /*i18n*/ {
    id: 'shell.opens-app-store',
    message: ' (opens the app store in a new tab)',
    comment: 'Read by screen readers after a link; keep the leading space and the brackets',
  },
  copyright: /*i18n*/ { id: 'footer.copyright', message: '© {year} {brand}. All rights reserved.' },
} as const satisfies Record<string, Message>;

export const homeMessages = {
  popularPujas: /*i18n*/ { id: 'home.pujas', message: 'Popular Pujas' },
  viewAllPujas: /*i18n*/ { id: 'home.pujas.all', message: 'View All Pujas' },
  shopByCategory: /*i18n*/ { id: 'home.categories', message: 'Shop by Category' },
  viewAllProducts: /*i18n*/ { id: 'home.products.all', message: 'View All Products' },
  featuredProducts: /*i18n*/ { id: 'home.products', message: 'Featured Products' },
  topAstrologers: /*i18n*/ { id: 'home.astrologers', message: 'Our Top Astrologers' },
  viewAllAstrologers: /*i18n*/ { id: 'home.astrologers.all', message: 'View All Astrologers' },
  appEyebrow: /*i18n*/ { id: 'home.banner.eyebrow', message: 'The {brand} app' },
  appTitle: /*i18n*/ { id: 'home.banner.title', message: 'Book pujas and talk to astrologers on the go' },
  appLead: /*i18n*/ {
    id: 'home.banner.lead',
    message:
      'Book temple pujas for your family, shop blessed rudraksha and yantras, and chat with trusted Vedic astrologers from your phone.',
  },
  getItOnGooglePlay: /*i18n*/ {
    id: 'home.banner.badge',
    message: 'Get it on Google Play',
    comment: 'Read by screen readers for the store badge, whose picture stays in English',
  },
} as const satisfies Record<string, Message>;
