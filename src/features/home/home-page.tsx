import * as Dialog from '@radix-ui/react-dialog';
import {
  useKeenSlider,
  type KeenSliderInstance,
  type KeenSliderOptions,
  type KeenSliderPlugin,
} from 'keen-slider/react';
import 'keen-slider/keen-slider.min.css';
import { useEffect, useMemo, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import { HOME_PRODUCTS, HOME_PUJAS } from '../../../contract/catalogue-display.ts';
import type { Astrologer } from '../../../contract/catalogue.ts';
import { CartContext } from '../../app/cart.tsx';
import { fetchAstrologers, fetchCategories, fetchProducts, fetchPujas } from '../../lib/catalogue.ts';

const fetchHomePujas = (signal: AbortSignal) => fetchPujas(signal, { limit: HOME_PUJAS });
const fetchHomeProducts = (signal: AbortSignal) => fetchProducts(signal, { limit: HOME_PRODUCTS });
import { imageUrl, site } from '../../lib/config.ts';
import { formatRupees } from '../../../contract/money.ts';
import { useResource, type Resource } from '../../lib/use-resource.ts';
import { CategoryCard, ProductCard } from '../../ui/product-card.tsx';
import { PujaCard } from '../../ui/puja-card.tsx';
import { ResourceView } from '../../ui/status.tsx';
import './home.css';

/** Carousel timing and layout (docs/product-rules.md, Catalogue display). */
const AUTOPLAY_MS = 2500;
const SLIDE_GAP_PX = 20;
const SLIDE_SPEED_MS = 300;

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

  return (
    <>
      <AppBanner />
      <HomeSection
        id="home-pujas"
        title="Popular Pujas"
        more={
          <Link href="/pujas" className="home-more">
            View All Pujas<span aria-hidden="true">→</span>
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
        title="Shop by Category"
        tone="tinted"
        more={
          <Link href="/products" className="home-more">
            View All Products<span aria-hidden="true">→</span>
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

      <HomeSection id="home-products" title="Featured Products">
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
  return (
    <section className="hero home-banner" aria-labelledby="home-banner-title">
      <div className="container home-banner__inner">
        <div className="home-banner__text">
          <p className="home-banner__eyebrow">The {site.brand} app</p>
          <h1 id="home-banner-title">Book pujas and talk to astrologers on the go</h1>
          <p className="home-banner__lead">
            Book temple pujas for your family, shop blessed rudraksha and yantras, and chat with trusted Vedic
            astrologers from your phone.
          </p>
          <a className="home-banner__badge" href={site.appStoreUrl} target="_blank" rel="noopener noreferrer">
            <span className="visually-hidden">Get it on Google Play</span>
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

function AstrologersSection({ astrologers }: { astrologers: Resource<Astrologer[]> }) {
  const [selected, setSelected] = useState<Astrologer | null>(null);
  // Without a Dialog.Trigger, Radix does not know where focus came from; hand it back ourselves.
  const opener = useRef<HTMLElement | null>(null);
  const viewProfile = (astrologer: Astrologer, button: HTMLElement) => {
    opener.current = button;
    setSelected(astrologer);
  };
  return (
    <HomeSection
      id="home-astrologers"
      title="Our Top Astrologers"
      tone="tinted"
      landmark={false}
      more={
        <a className="home-more" href={site.appStoreUrl} target="_blank" rel="noopener noreferrer">
          View All Astrologers<span aria-hidden="true">→</span>
          <span className="visually-hidden"> (opens the app store in a new tab)</span>
        </a>
      }
    >
      <ResourceView resource={astrologers} loadingLabel="Loading astrologers...">
        {(list) =>
          list.length === 0 ? (
            <p className="empty-state">Our astrologers will be listed here soon.</p>
          ) : (
            <AstrologerCarousel astrologers={list} paused={selected !== null} onViewProfile={viewProfile} />
          )
        }
      </ResourceView>
      <AstrologerDialog
        astrologer={selected}
        onClose={() => setSelected(null)}
        returnFocus={() => opener.current?.focus()}
      />
    </HomeSection>
  );
}

type Hold = 'hover' | 'focus' | 'user' | 'dialog';

/**
 * The keen-slider autoplay plugin from its docs (a timeout restarted on created, updated and
 * animationEnded; mouse hover pauses), extended with further reasons to hold still: keyboard
 * focus inside the carousel, the visitor's pause button, an open profile dialog.
 */
function createAutoplay(intervalMs: number, initialHolds: Hold[]) {
  let slider: KeenSliderInstance | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const holds = new Set<Hold>(initialHolds);

  const clearNextTimeout = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const nextTimeout = () => {
    clearNextTimeout();
    const current = slider;
    if (!current || holds.size > 0) return;
    timer = setTimeout(() => current.next(), intervalMs);
  };
  const setHold = (hold: Hold, on: boolean) => {
    if (on) holds.add(hold);
    else holds.delete(hold);
    nextTimeout();
  };

  const plugin: KeenSliderPlugin = (instance) => {
    const listeners = new AbortController();
    instance.on('created', () => {
      slider = instance;
      const { signal } = listeners;
      instance.container.addEventListener('mouseover', () => setHold('hover', true), { signal });
      instance.container.addEventListener('mouseout', () => setHold('hover', false), { signal });
      nextTimeout();
    });
    // A drag pauses; the slide's animationEnded after the drag starts the timer again.
    instance.on('dragStarted', clearNextTimeout);
    instance.on('animationEnded', nextTimeout);
    instance.on('updated', nextTimeout);
    instance.on('destroyed', () => {
      listeners.abort();
      if (slider === instance) {
        slider = null;
        clearNextTimeout();
      }
    });
  };

  return { plugin, setHold };
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** Keyboard focus (not a mouse click on a dot) holds the carousel still. */
function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return false;
  }
}

function AstrologerCarousel({
  astrologers,
  paused,
  onViewProfile,
}: {
  astrologers: Astrologer[];
  /** Held still from outside, e.g. while a profile is open. */
  paused: boolean;
  onViewProfile: (astrologer: Astrologer, button: HTMLElement) => void;
}) {
  const count = astrologers.length;
  const [current, setCurrent] = useState(0);
  const [userPaused, setUserPaused] = useState(prefersReducedMotion);
  const [autoplay] = useState(() => createAutoplay(AUTOPLAY_MS, userPaused ? ['user'] : []));

  const options = useMemo((): KeenSliderOptions => {
    // Looping needs more slides than fit in view; with 12 astrologers it loops at every width.
    const layout = (perView: number) => ({
      loop: count > perView,
      slides: { perView, spacing: SLIDE_GAP_PX },
    });
    return {
      ...layout(1),
      defaultAnimation: { duration: SLIDE_SPEED_MS },
      breakpoints: {
        '(min-width: 640px)': layout(2),
        '(min-width: 1024px)': layout(4),
      },
      created: (slider) => setCurrent(slider.track.details?.rel ?? 0),
      slideChanged: (slider) => setCurrent(slider.track.details?.rel ?? 0),
    };
  }, [count]);
  const [sliderRef, instanceRef] = useKeenSlider<HTMLDivElement>(options, [autoplay.plugin]);

  useEffect(() => autoplay.setHold('dialog', paused), [autoplay, paused]);

  const toggleAutoplay = () => {
    autoplay.setHold('user', !userPaused);
    setUserPaused(!userPaused);
  };

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    autoplay.setHold('focus', isKeyboardFocus(event.target));
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) autoplay.setHold('focus', false);
  };

  /** Tabbing onto a card that is out of view brings it into view instead of scrolling the track. */
  const revealSlide = (index: number) => {
    const slider = instanceRef.current;
    if (!slider) return;
    slider.container.scrollLeft = 0;
    const portion = slider.track.details?.slides[index]?.portion ?? 1;
    if (portion < 1) slider.moveToIdx(index);
  };

  return (
    <div
      className="astro-carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label="Our Top Astrologers"
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div ref={sliderRef} className="keen-slider astro-carousel__track">
        {astrologers.map((astrologer, index) => (
          <div
            key={astrologer.id}
            className="keen-slider__slide astro-carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${count}`}
            onFocus={() => revealSlide(index)}
          >
            <AstrologerCard astrologer={astrologer} onViewProfile={onViewProfile} />
          </div>
        ))}
      </div>

      <div className="astro-carousel__controls">
        <button
          type="button"
          className="astro-carousel__nav"
          aria-label="Previous astrologers"
          onClick={() => instanceRef.current?.prev()}
        >
          <Chevron direction="left" />
        </button>
        <div className="astro-carousel__dots">
          {astrologers.map((astrologer, index) => (
            <button
              key={astrologer.id}
              type="button"
              className="astro-carousel__dot"
              aria-label={`Go to slide ${index + 1}`}
              aria-current={current === index ? 'true' : undefined}
              onClick={() => instanceRef.current?.moveToIdx(index)}
            />
          ))}
        </div>
        <button
          type="button"
          className="astro-carousel__nav"
          aria-label="Next astrologers"
          onClick={() => instanceRef.current?.next()}
        >
          <Chevron direction="right" />
        </button>
        <button
          type="button"
          className="astro-carousel__nav astro-carousel__nav--toggle"
          aria-label={userPaused ? 'Start automatic sliding' : 'Pause automatic sliding'}
          onClick={toggleAutoplay}
        >
          {userPaused ? <PlayIcon /> : <PauseIcon />}
        </button>
      </div>
    </div>
  );
}

function AstrologerCard({
  astrologer,
  onViewProfile,
}: {
  astrologer: Astrologer;
  onViewProfile: (astrologer: Astrologer, button: HTMLElement) => void;
}) {
  return (
    <article className="astro-card">
      <img
        className="astro-card__photo"
        src={imageUrl(astrologer.photo)}
        alt={astrologer.name}
        width={112}
        height={112}
        loading="lazy"
        decoding="async"
      />
      <h3 className="astro-card__name">{astrologer.name}</h3>
      <p className="astro-card__skills">{astrologer.specializations.join(', ')}</p>
      <p className="astro-card__facts">
        <span>{astrologer.experience} years experience</span>
        <span className="astro-card__rate">{formatRupees(astrologer.ratePerMinute)}/min</span>
      </p>
      <button
        type="button"
        className="button button--primary astro-card__button"
        onClick={(event) => onViewProfile(astrologer, event.currentTarget)}
      >
        View Profile<span className="visually-hidden"> of {astrologer.name}</span>
      </button>
    </article>
  );
}

/** The profile modal: open while an astrologer is selected; Radix traps focus and closes on Escape. */
function AstrologerDialog({
  astrologer,
  onClose,
  returnFocus,
}: {
  astrologer: Astrologer | null;
  onClose: () => void;
  returnFocus: () => void;
}) {
  return (
    <Dialog.Root
      open={astrologer !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="astro-dialog__overlay" />
        {astrologer && (
          <Dialog.Content
            className="astro-dialog"
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              returnFocus();
            }}
          >
            <Dialog.Close className="astro-dialog__close" aria-label="Close">
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                <path
                  d="M6 6l12 12M18 6L6 18"
                  stroke="currentColor"
                  strokeWidth="2.2"
                  strokeLinecap="round"
                />
              </svg>
            </Dialog.Close>
            <div className="astro-dialog__head">
              <img
                className="astro-dialog__photo"
                src={imageUrl(astrologer.photo)}
                alt={astrologer.name}
                width={96}
                height={96}
              />
              <div>
                <Dialog.Title className="astro-dialog__name">{astrologer.name}</Dialog.Title>
                <p className="astro-dialog__skills">{astrologer.specializations.join(', ')}</p>
              </div>
            </div>
            <dl className="astro-dialog__facts">
              <div>
                <dt>Experience</dt>
                <dd>{astrologer.experience} years</dd>
              </div>
              <div>
                <dt>Rate</dt>
                <dd>{formatRupees(astrologer.ratePerMinute)}/min</dd>
              </div>
            </dl>
            <Dialog.Description className="astro-dialog__bio">{astrologer.bio}</Dialog.Description>
            <a
              className="button button--primary astro-dialog__chat"
              href={site.appStoreUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              Start Chat<span className="visually-hidden"> (opens the app store in a new tab)</span>
            </a>
          </Dialog.Content>
        )}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function PauseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <rect x="6" y="5" width="4" height="14" rx="1" fill="currentColor" />
      <rect x="14" y="5" width="4" height="14" rx="1" fill="currentColor" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M8 5v14l11-7z" fill="currentColor" />
    </svg>
  );
}
