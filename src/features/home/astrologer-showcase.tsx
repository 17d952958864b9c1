import * as Dialog from '@radix-ui/react-dialog';
import {
  useKeenSlider,
  type KeenSliderInstance,
  type KeenSliderOptions,
  type KeenSliderPlugin,
} from 'keen-slider/react';
import 'keen-slider/keen-slider.min.css';
import { useEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import type { Astrologer } from '../../../contract/catalogue.ts';
import { formatRupees } from '../../../contract/money.ts';
import { imageUrl, site } from '../../lib/config.ts';

/**
 * The astrologer carousel and profile dialog of the home page, in a chunk of their own: the last
 * section of the page, with the carousel and dialog libraries, loads after the page's first paint
 * instead of delaying it (docs/perf.md).
 */

/** Carousel timing and layout (docs/product-rules.md, Catalogue display). */
const AUTOPLAY_MS = 2500;
const SLIDE_GAP_PX = 20;
const SLIDE_SPEED_MS = 300;

/** The carousel of astrologers and the profile dialog its View Profile buttons open. */
export function AstrologerShowcase({ astrologers }: { astrologers: Astrologer[] }) {
  const [selected, setSelected] = useState<Astrologer | null>(null);
  // Without a Dialog.Trigger, Radix does not know where focus came from; hand it back ourselves.
  const opener = useRef<HTMLElement | null>(null);
  const viewProfile = (astrologer: Astrologer, button: HTMLElement) => {
    opener.current = button;
    setSelected(astrologer);
  };
  return (
    <>
      <AstrologerCarousel astrologers={astrologers} paused={selected !== null} onViewProfile={viewProfile} />
      <AstrologerDialog
        astrologer={selected}
        onClose={() => setSelected(null)}
        returnFocus={() => opener.current?.focus()}
      />
    </>
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
