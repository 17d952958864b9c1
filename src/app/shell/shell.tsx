import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useDocumentTitle } from '../../lib/page-title.ts';
import { routeTitle } from '../route-titles.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

/** The back office brings its own frame (src/features/admin): the shop's header and footer stay out of it. */
const ownFrame = (location: string) => location === '/admin' || location.startsWith('/admin/');

/** The frame around every page: skip link, header, main landmark, footer. */
export function Shell({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  useDocumentTitle(routeTitle(location));
  useEffect(() => {
    // Every route change starts at the top of the page (docs/product-rules.md, Routes and pages).
    window.scrollTo(0, 0);
  }, [location]);

  if (ownFrame(location)) return <>{children}</>;
  return (
    <>
      <a
        className="skip-link"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}
