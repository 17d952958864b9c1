import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useDocumentTitle } from '../../lib/page-title.ts';
import { routeTitle } from '../route-titles.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { useScrollRestoration } from './scroll-restoration.ts';
import { SkipLink } from '../../ui/skip-link.tsx';

/** The back office brings its own frame (src/features/admin): the shop's header and footer stay out of it. */
const ownFrame = (location: string) => location === '/admin' || location.startsWith('/admin/');

/** The frame around every page: skip link, header, main landmark, footer. */
export function Shell({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  useDocumentTitle(routeTitle(location));
  // A new page starts at the top, Back returns where the customer was (docs/product-rules.md, Routes and pages).
  useScrollRestoration(location);

  if (ownFrame(location)) return <>{children}</>;
  return (
    <>
      <SkipLink />
      <Header />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}
