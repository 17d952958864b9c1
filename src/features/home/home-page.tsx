import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'wouter';
import { HOME_PRODUCTS, HOME_PUJAS } from '../../../contract/catalogue-display.ts';
import type { Astrologer } from '../../../contract/catalogue.ts';
import { homeMessages as m, shellMessages } from '../../../contract/shell-messages.ts';
import { CartContext } from '../../live/cart.tsx';
import { fetchAstrologers, fetchCategories, fetchProducts, fetchPujas } from '../../lib/catalogue.ts';
import { site } from '../../lib/config.ts';
import { useLocale } from '../../live/locale.tsx';
import { useResource, type Resource } from '../../lib/use-resource.ts';
import { CategoryCard, ProductCard } from '../../ui/product-card.tsx';
import { PujaCard } from '../../ui/puja-card.tsx';
import { ResourceView, Spinner } from '../../ui/status.tsx';
import './home.css';

const fetchHomePujas = (signal: AbortSignal) => fetchPujas(signal, { limit: HOME_PUJAS });
const fetchHomeProducts = (signal: AbortSignal) => fetchProducts(signal, { limit: HOME_PRODUCTS });

/** The carousel's height (card, dots and buttons), kept free while it loads so nothing moves. */
const CAROUSEL_HEIGHT = '440px';

/**
 * Home: app banner, then four sections that each load, fail and retry on their own. Each
 * resource machine starts once, at mount, so re-renders never fetch again.
 */
export function HomePage() {
  // Home asks for what it shows, however large the catalogue (docs/product-rules.md, Catalogue queries).
  const pujas = useResource(fetchHomePujas);
  const categories = useResource(fetchCategories);
  const products = useResource(fetchHomeProducts);
  const astrologers = useResource(fetchAstrologers);
  const cart = CartContext.useActorRef();
  const { t } = useLocale();

  return (
    <>
      <AppBanner />
      <HomeSection
        id="home-pujas"
        title={t(m.popularPujas)}
        more={
          <Link href="/pujas" className="home-more">
            {t(m.viewAllPujas)}
            <span aria-hidden="true">→</span>
          </Link>
        }
      >
        <ResourceView resource={pujas} loadingLabel="Loading pujas..." reserve="100vh">
          {(list) =>
            list.length === 0 ? (
              <p className="empty-state">No pujas are open for booking right now.</p>
            ) : (
              <ul className="grid grid--3 home-list">
                {list.map((puja, index) => (
                  <li key={puja.id}>
                    <PujaCard puja={puja} eager={index === 0} />
                  </li>
                ))}
              </ul>
            )
          }
        </ResourceView>
      </HomeSection>

      <HomeSection
        id="home-categories"
        title={t(m.shopByCategory)}
        tone="tinted"
        more={
          <Link href="/products" className="home-more">
            {t(m.viewAllProducts)}
            <span aria-hidden="true">→</span>
          </Link>
        }
      >
        <ResourceView resource={categories} loadingLabel="Loading categories...">
          {(list) =>
            list.length === 0 ? (
              <p className="empty-state">No categories yet.</p>
            ) : (
              <ul className="grid grid--4 home-list home-categories">
                {list.map((category) => (
                  <li key={category.id}>
                    <CategoryCard category={category} />
                  </li>
                ))}
              </ul>
            )
          }
        </ResourceView>
      </HomeSection>

      <HomeSection id="home-products" title={t(m.featuredProducts)}>
        <ResourceView resource={products} loadingLabel="Loading products...">
          {(list) =>
            list.length === 0 ? (
              <p className="empty-state">No products yet.</p>
            ) : (
              <ul className="grid grid--4 home-list">
                {list.map((product) => (
                  <li key={product.id}>
                    <ProductCard product={product} cart={cart} />
                  </li>
                ))}
              </ul>
            )
          }
        </ResourceView>
      </HomeSection>

      <AstrologersSection astrologers={astrologers} />
    </>
  );
}

function HomeSection({
  id,
  title,
  more,
  tone,
  landmark = true,
  children,
}: {
  id: string;
  title: string;
  more?: ReactNode;
  tone?: 'tinted';
  /** Off when something inside already is the landmark with this name (the carousel). */
  landmark?: boolean;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <section
      id={id}
      className={`section home-section${tone ? ` home-section--${tone}` : ''}`}
      aria-labelledby={landmark ? titleId : undefined}
    >
      <div className="container">
        <div className="section__head">
          <h2 id={titleId}>{title}</h2>
          {more}
        </div>
        {children}
      </div>
    </section>
  );
}

function AppBanner() {
  const { t } = useLocale();
  return (
    <section className="hero home-banner" aria-labelledby="home-banner-title">
      <div className="container home-banner__inner">
        <div className="home-banner__text">
          <p className="home-banner__eyebrow">{t(m.appEyebrow, { brand: site.brand })}</p>
          <h1 id="home-banner-title">{t(m.appTitle)}</h1>
          <p className="home-banner__lead">{t(m.appLead)}</p>
          <a className="home-banner__badge" href={site.appStoreUrl} target="_blank" rel="noopener noreferrer">
            <span className="visually-hidden">{t(m.getItOnGooglePlay)}</span>
            <GooglePlayBadge />
          </a>
        </div>
        <DiyaArt />
      </div>
    </section>
  );
}

/** A "GET IT ON Google Play" store badge, drawn inline so it needs no network request. */
function GooglePlayBadge() {
  return (
    <svg
      className="home-banner__badge-art"
      viewBox="0 0 180 54"
      width="180"
      height="54"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="0.5" y="0.5" width="179" height="53" rx="9" fill="#000" stroke="#a6a6a6" />
      <path d="M14 11.5v31l16.2-15.5z" fill="#00d7fe" />
      <path d="M14 11.5l16.2 15.5 5.2-5-18.6-10.7c-1.1-.6-2.1-.5-2.8.2z" fill="#32bb6a" />
      <path d="M14 42.5c.7.7 1.7.8 2.8.2l18.6-10.7-5.2-5z" fill="#f43249" />
      <path d="M35.4 22l-5.2 5 5.2 5 5.9-3.4c1.7-1 1.7-2.4 0-3.3z" fill="#ffd500" />
      <text
        x="52"
        y="22"
        fill="#fff"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
        fontSize="9.5"
        textLength="58"
        lengthAdjust="spacingAndGlyphs"
        letterSpacing=".6"
      >
        GET IT ON
      </text>
      <text
        x="51"
        y="41"
        fill="#fff"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
        fontSize="19"
        fontWeight="600"
        textLength="116"
        lengthAdjust="spacingAndGlyphs"
      >
        Google Play
      </text>
    </svg>
  );
}

/** Decorative oil lamp beside the banner text on wider screens. */
function DiyaArt() {
  return (
    <svg className="home-banner__art" viewBox="0 0 200 200" aria-hidden="true" focusable="false">
      <circle cx="100" cy="100" r="92" fill="rgb(255 255 255 / 8%)" />
      <circle cx="100" cy="100" r="66" fill="rgb(255 255 255 / 8%)" />
      <path d="M100 38c14 18 16 32 0 50-16-18-14-32 0-50z" fill="#fde68a" />
      <path d="M100 56c6 9 7 16 0 26-7-10-6-17 0-26z" fill="#f59e0b" />
      <path d="M40 108h120c-6 30-30 48-60 48s-54-18-60-48z" fill="#f59e0b" />
      <path d="M52 108h96c-6 20-24 32-48 32s-42-12-48-32z" fill="#b45309" />
      <rect x="96" y="88" width="8" height="20" rx="3" fill="#fef3c7" />
      <path d="M70 164h60" stroke="#fde68a" strokeWidth="6" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The carousel and its dialog come in their own chunk, after the page's first paint; until then
 * (and while the astrologers load) the section keeps the carousel's height, so nothing moves.
 */
const AstrologerShowcase = lazy(async () => ({
  default: (await import('./astrologer-showcase.tsx')).AstrologerShowcase,
}));

function AstrologersSection({ astrologers }: { astrologers: Resource<Astrologer[]> }) {
  const { t } = useLocale();
  return (
    <HomeSection
      id="home-astrologers"
      title={t(m.topAstrologers)}
      tone="tinted"
      landmark={false}
      more={
        <a className="home-more" href={site.appStoreUrl} target="_blank" rel="noopener noreferrer">
          {t(m.viewAllAstrologers)}
          <span aria-hidden="true">→</span>
          <span className="visually-hidden">{t(shellMessages.opensAppStore)}</span>
        </a>
      }
    >
      <ResourceView resource={astrologers} loadingLabel="Loading astrologers..." reserve={CAROUSEL_HEIGHT}>
        {(list) =>
          list.length === 0 ? (
            <p className="empty-state">Our astrologers will be listed here soon.</p>
          ) : (
            <Suspense fallback={<Spinner label="Loading astrologers..." reserve={CAROUSEL_HEIGHT} />}>
              <AstrologerShowcase astrologers={list} />
            </Suspense>
          )
        }
      </ResourceView>
    </HomeSection>
  );
}
