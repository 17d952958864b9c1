import { useActorRef, useSelector } from '@xstate/react';
import { memo, useEffect, useRef, type ImgHTMLAttributes, type SyntheticEvent } from 'react';
import { Link } from 'wouter';
import { PUJA_CARD_DESCRIPTION_CUT, placesBadge } from '../../contract/catalogue-display.ts';
import type { Puja } from '../../contract/catalogue.ts';
import { bookingClosesAt } from '../../contract/policy.ts';
import { bookingWindowMachine } from '../../machines/booking-window/booking-window.machine.ts';
import { selectIsOpen } from '../../machines/booking-window/booking-window.selectors.ts';
import { imageUrl } from '../lib/config.ts';
import { formatRupees } from '../../contract/money.ts';
import { formatDateTime, stripHtml, truncate } from '../lib/format.ts';
import { Countdown } from './countdown.tsx';

const PLACEHOLDER = imageUrl('/images/placeholder.svg');
const devotees = new Intl.NumberFormat('en-IN');

/**
 * The date's true places left, when few and while it can be booked (docs/product-rules.md, Places
 * at the temple): a closed date says "Booking Closed" alone.
 */
export function PlacesLeft({ placesLeft, open }: { placesLeft: number | null; open: boolean }) {
  const badge = placesBadge(placesLeft);
  if (!badge || !open) return null;
  return (
    <p className="places-left">
      <span className={placesLeft === 0 ? 'badge badge--danger' : 'badge badge--warning'}>{badge}</span>
    </p>
  );
}

/** Swaps a broken image for the placeholder, once (a broken placeholder must not loop). */
function showPlaceholder(event: SyntheticEvent<HTMLImageElement>) {
  const img = event.currentTarget;
  if (img.dataset.fallback) return;
  img.dataset.fallback = 'true';
  img.src = PLACEHOLDER;
}

/** A puja's image (the placeholder when it has none or it breaks), named by the puja. */
export function PujaImage({ puja, ...rest }: { puja: Puja } & ImgHTMLAttributes<HTMLImageElement>) {
  return (
    <img {...rest} src={imageUrl(puja.image) || PLACEHOLDER} onError={showPlaceholder} alt={puja.pujaName} />
  );
}

export interface PujaCardProps {
  puja: Puja;
  /** Heading level of the puja name: 3 under a section heading (home), 2 directly under the page's h1. */
  headingLevel?: 2 | 3;
  /** The first card in view: its image loads at once and first (it is the page's largest paint). */
  eager?: boolean;
}

/**
 * A puja in a list: image, countdown, name, short description, place, devotees, date and a
 * link to its detail page. Each card owns its booking window, and only the Countdown inside
 * subscribes to the ticks, so a tick re-renders that countdown and never the card or the list.
 */
export const PujaCard = memo(function PujaCard({ puja, headingLevel = 3, eager = false }: PujaCardProps) {
  const windowRef = useActorRef(bookingWindowMachine, {
    input: { closesAt: bookingClosesAt(puja.pujaDate) },
  });

  // The actor read its date at mount; re-measure if the same card is later given a new date.
  const measuredDate = useRef(puja.pujaDate);
  useEffect(() => {
    if (measuredDate.current === puja.pujaDate) return;
    measuredDate.current = puja.pujaDate;
    windowRef.send({ type: 'window.reset', closesAt: bookingClosesAt(puja.pujaDate) });
  }, [windowRef, puja.pujaDate]);

  // Changes once, when the window closes: a closed puja is not "In Demand".
  const open = useSelector(windowRef, selectIsOpen);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const date = formatDateTime(puja.pujaDate);

  return (
    <article className="card puja-card">
      {puja.inDemand && open && <span className="ribbon">In Demand</span>}
      <PujaImage
        puja={puja}
        className="card__media"
        width={400}
        height={300}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
      />
      <div className="card__body">
        <Countdown windowRef={windowRef} variant="boxes" />
        {/* The puja's own date and time beside the countdown (docs/product-rules.md, Money and dates). */}
        {date && (
          <p className="puja-card__date">
            <time dateTime={puja.pujaDate ?? undefined}>{date}</time>
          </p>
        )}
        <Heading className="card__title">{puja.pujaName}</Heading>
        <p className="puja-card__description">
          {truncate(stripHtml(puja.description), PUJA_CARD_DESCRIPTION_CUT)}
        </p>
        <p className="card__meta puja-card__place">{puja.place}</p>
        <PlacesLeft placesLeft={puja.placesLeft} open={open} />
        <p className="card__meta puja-card__stats">
          <span>{devotees.format(puja.noDevotes)} Watched</span>
        </p>
        {/* The cheapest package's offer price, from GET /pujas (docs/product-rules.md, Catalogue display). */}
        {typeof puja.fromPrice === 'number' && (
          <p className="puja-card__from">
            from <strong>{formatRupees(puja.fromPrice)}</strong>
          </p>
        )}
        <Link
          href={`/pujas/${puja.id}`}
          className="button button--primary puja-card__link"
          aria-label={`View Details of ${puja.pujaName}`}
        >
          View Details
        </Link>
      </div>
    </article>
  );
});
