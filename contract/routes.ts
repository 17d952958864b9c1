/**
 * The SPA's route table: the paths of its pages, as wouter patterns (`:id` a segment, `:tab?` an
 * optional one, `/*?` anything below). src/app/routes.tsx routes them; the server answers a
 * browser that asks for one of them as a page with the SPA (docs/product-rules.md, Routes and
 * pages), and the layout test visits every one of them (tests/e2e/layout.e2e.ts).
 */

/** Legal pages answer on both path sets, plus /terms and /privacy (docs/product-rules.md, Routes and pages). */
export const legalPaths = [
  '/termsconditions',
  '/terms-and-conditions',
  '/terms',
  '/privacypolicy',
  '/privacy-policy',
  '/privacy',
  '/pricingpolicy',
  '/refundpolicy',
  '/refund-policy',
  '/disclaimer',
] as const;

export const pagePaths = [
  '/',
  '/pujas',
  '/pujas/:id',
  '/puja-booking/:id',
  '/products/:id?',
  '/productDetails/:id',
  '/productCategory',
  '/cart',
  '/checkout',
  '/order-confirmation/:id',
  '/about',
  '/contact',
  ...legalPaths,
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/account/orders/:id',
  '/account/bookings/:id',
  '/account/:tab?',
  '/staff-invitation',
  '/messages/preferences',
  '/admin/*?',
] as const;

const segment = '[^/]+';

function patternRegExp(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .slice(1)
    .map((part) => {
      if (part === '*?') return '(?:/.*)?';
      if (part.startsWith(':')) return part.endsWith('?') ? `(?:/${segment})?` : `/${segment}`;
      return `/${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${source === '/' ? '/' : source}/?$`);
}

const pageRegExps = pagePaths.map(patternRegExp);

/** Whether a URL path (no query) is one of the SPA's pages. */
export function isPagePath(path: string): boolean {
  return pageRegExps.some((regExp) => regExp.test(path));
}
