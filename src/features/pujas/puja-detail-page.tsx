import { useState } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, useLocation, useParams } from 'wouter';
import type { Puja, PujaPackage } from '../../../contract/catalogue.ts';
import { bookingClosesAt, isWaitlistOfferOpen } from '../../../contract/policy.ts';
import { bookingWindowMachine } from '../../../machines/booking-window/booking-window.machine.ts';
import { selectIsOpen } from '../../../machines/booking-window/booking-window.selectors.ts';
import { pujaBookingPath } from '../../../machines/puja-wizard/wizard-place.ts';
import { fetchOtherDates, fetchPackages, fetchPuja } from '../../lib/catalogue.ts';
import { waitlistMessages } from '../../../contract/waitlist.ts';
import { PlacesLeft, PujaImage } from '../../ui/puja-card.tsx';
import { formatDateTime, packagePersons, stripHtml } from '../../lib/format.ts';
import { RichText } from '../../ui/rich-text.tsx';
import { PLACES_SHOWN_FROM, placesBadge, PUJA_DELIVERABLES } from '../../../contract/catalogue-display.ts';
import { useDocumentTitle } from '../../lib/page-title.ts';
import { useResource, type Resource } from '../../lib/use-resource.ts';
import { Countdown, type BookingWindowRef } from '../../ui/countdown.tsx';
import { Price } from '../../ui/price.tsx';
import { ErrorBanner, homeLink, NotFound, ResourceView, Spinner } from '../../ui/status.tsx';
import './pujas.css';
import { Breadcrumb } from '../../ui/breadcrumb.tsx';

const pujasSection = { href: '/pujas', label: 'Pujas' };
const PACKAGES_HEADING_ID = 'puja-packages-heading';

/** The usual order of a temple puja performed on a devotee's behalf. */
const procedure = [
  {
    title: 'Sankalpam',
    text: 'The priest takes the sacred vow on your behalf, reciting your name, gothra, nakshatra and the purpose of the puja before the deity.',
  },
  {
    title: 'Ganapati Puja',
    text: 'Lord Ganesha is worshipped first with durva grass, flowers and modakam, so that the puja proceeds without obstacles.',
  },
  {
    title: 'Kalasha Sthapana',
    text: 'A kalasham filled with holy water, mango leaves and a coconut is installed and the deity is invoked into it with Vedic mantras.',
  },
  {
    title: 'Abhishekam and Archana',
    text: 'The main abhishekam is performed with milk, curd, honey, panchamrutham and sacred water, followed by archana with the deity’s names and fresh flowers.',
  },
  {
    title: 'Homam and Offerings',
    text: 'Offerings of ghee, samidha and navadhanyam are made into the sacred fire while the priests chant, and naivedyam is offered to the deity.',
  },
  {
    title: 'Aarti and Prasad Dispatch',
    text: 'The puja concludes with maha mangala aarti; the blessed prasadam is then packed and sent to your address.',
  },
] as const;

/** /pujas/{id}: one puja, its booking window, tabs with details, and its packages. */
export function PujaDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  // Keyed by id: opening another puja starts fresh reads and a fresh booking window.
  return <PujaDetail key={id} id={id} />;
}

function PujaDetail({ id }: { id: string }) {
  const puja = useResource((signal) => fetchPuja(id, signal));
  const packages = useResource((signal) => fetchPackages(id, signal));

  if (puja.status === 'failed' && (puja.errorCode === 'not_found' || puja.errorCode === 'refused')) {
    return (
      <div className="page container">
        <Breadcrumb section={pujasSection} />
        <NotFound
          title="Puja not found"
          text="This puja does not exist or is no longer offered."
          links={[{ href: '/pujas', label: 'See all pujas' }, homeLink]}
        />
      </div>
    );
  }
  if (puja.status !== 'loaded' || !puja.data) {
    return (
      <div className="page container">
        <Breadcrumb section={pujasSection} />
        <h1 className="visually-hidden">Puja details</h1>
        {puja.status === 'failed' ? (
          <ErrorBanner
            message={puja.error ?? 'Failed to load puja details'}
            onRetry={puja.canRetry ? puja.retry : undefined}
          />
        ) : (
          <Spinner label="Loading puja details..." />
        )}
      </div>
    );
  }

  return <LoadedPuja puja={puja.data} packages={packages} />;
}

/** Mounted once the puja has loaded, so its booking window starts from the real date. */
function LoadedPuja({ puja, packages }: { puja: Puja; packages: Resource<PujaPackage[]> }) {
  // One booking window for the page: the countdown and every package's Book button follow it.
  const windowRef = useActorRef(bookingWindowMachine, {
    input: { closesAt: bookingClosesAt(puja.pujaDate) },
  });
  useDocumentTitle(puja.pujaName);
  // docs/product-rules.md, Waitlist: a full date's line takes no one within its last hours.
  const [lineOpen] = useState(() => isWaitlistOfferOpen(puja.pujaDate, new Date()));
  return (
    <div className="page container">
      <Breadcrumb section={pujasSection} current={puja.pujaName} />
      <article className="puja-detail">
        <PujaSummary puja={puja} windowRef={windowRef} />
        <PujaTabs puja={puja} />
        <FullDate puja={puja} windowRef={windowRef} lineOpen={lineOpen} />
        <section className="puja-packages" aria-labelledby={PACKAGES_HEADING_ID}>
          <h2 id={PACKAGES_HEADING_ID} tabIndex={-1}>
            Puja Packages
          </h2>
          <ResourceView resource={packages} loadingLabel="Loading packages...">
            {(list) => (
              <PackageGrid
                pujaId={puja.id}
                packages={list}
                windowRef={windowRef}
                full={puja.placesLeft === 0 ? (lineOpen ? 'waitlist' : 'closed') : null}
              />
            )}
          </ResourceView>
        </section>
      </article>
    </div>
  );
}

function PujaSummary({ puja, windowRef }: { puja: Puja; windowRef: BookingWindowRef }) {
  const date = formatDateTime(puja.pujaDate);
  return (
    <div className="puja-detail__top">
      <PujaImage puja={puja} className="puja-detail__image" width={800} height={600} />
      <div className="puja-detail__info">
        <h1>{puja.pujaName}</h1>
        <p className="puja-detail__place">{puja.place}</p>
        {date && (
          <p className="puja-detail__date">
            Puja date: <time dateTime={puja.pujaDate ?? undefined}>{date}</time>
          </p>
        )}
        <SummaryCountdown windowRef={windowRef} placesLeft={puja.placesLeft} />
        <BookNow windowRef={windowRef} />
        <NextDate puja={puja} windowRef={windowRef} />
        <Authorisation puja={puja} />
      </div>
    </div>
  );
}

const longDay = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * Who performs the puja and who authorised it (docs/product-rules.md, The temple's authorisation),
 * and a way to report a concern about it: the contact form, with the puja named.
 */
function Authorisation({ puja }: { puja: Puja }) {
  const a = puja.authorisation;
  if (!a) return null;
  const at = Date.parse(`${a.date}T00:00:00Z`);
  const subject = `Concern about the puja “${puja.pujaName}” (#${puja.id})`;
  return (
    <p className="puja-detail__authorisation">
      Performed at {a.templeName} by {a.performedBy}, authorised by {a.authorisedBy},{' '}
      {Number.isNaN(at) ? a.date : longDay.format(at)}.{' '}
      <Link href={`/contact?subject=${encodeURIComponent(subject)}`}>Report a concern</Link>
    </p>
  );
}

/**
 * The countdown and the places left while open; once closed, Book Now alone says "Booking
 * Closed" (not twice).
 */
function SummaryCountdown({
  windowRef,
  placesLeft,
}: {
  windowRef: BookingWindowRef;
  placesLeft: number | null;
}) {
  const open = useSelector(windowRef, selectIsOpen);
  if (!open) return null;
  return (
    <>
      <Countdown windowRef={windowRef} variant="inline" />
      <PlacesLeft placesLeft={placesLeft} open />
    </>
  );
}

/**
 * A fully booked date that is still open (docs/product-rules.md, Waitlist): each package joins
 * the waitlist through the wizard, and the puja's other open dates are offered, with their places.
 */
function FullDate({
  puja,
  windowRef,
  lineOpen,
}: {
  puja: Puja;
  windowRef: BookingWindowRef;
  lineOpen: boolean;
}) {
  const open = useSelector(windowRef, selectIsOpen);
  if (!open || puja.placesLeft !== 0) return null;
  return (
    <section className="puja-full" aria-labelledby="puja-full-heading">
      <h2 id="puja-full-heading">{waitlistMessages.full}</h2>
      <p>{lineOpen ? waitlistMessages.joinHint : waitlistMessages.closedToJoin}</p>
      <OtherDates pujaId={puja.id} />
    </section>
  );
}

function OtherDates({ pujaId }: { pujaId: number }) {
  const dates = useResource((signal) => fetchOtherDates(pujaId, signal));
  if (!dates.data || dates.data.length === 0) return null;
  return (
    <>
      <h3>Other dates of this puja</h3>
      <ul className="puja-full__dates">
        {dates.data.map((date) => (
          <li key={date.id}>
            <Link href={`/pujas/${date.id}`}>{formatDateTime(date.pujaDate)}</Link>
            {date.placesLeft !== null && date.placesLeft <= PLACES_SHOWN_FROM && (
              <span> · {placesBadge(date.placesLeft)}</span>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** A closed puja links to the next open date of the same puja, when the server knows one. */
function NextDate({ puja, windowRef }: { puja: Puja; windowRef: BookingWindowRef }) {
  const open = useSelector(windowRef, selectIsOpen);
  if (open || !puja.nextDate) return null;
  return (
    <p className="puja-detail__next">
      <Link href={`/pujas/${puja.nextDate.id}`}>
        Book the next date: {formatDateTime(puja.nextDate.date)}
      </Link>
    </p>
  );
}

/**
 * Book Now stays on the web: it brings the packages into view and moves focus to them, and while
 * the window is closed it is disabled and says "Booking Closed" (docs/product-rules.md, Routes and
 * pages; Booking window and countdowns).
 */
function BookNow({ windowRef }: { windowRef: BookingWindowRef }) {
  const open = useSelector(windowRef, selectIsOpen);
  const showPackages = () => {
    const heading = document.getElementById(PACKAGES_HEADING_ID);
    heading?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    heading?.focus({ preventScroll: true });
  };
  return (
    <button type="button" className="button button--primary" disabled={!open} onClick={showPackages}>
      {open ? 'Book Now' : 'Booking Closed'}
    </button>
  );
}

/** What a devotee receives and when (docs/product-rules.md, Catalogue display). */
function WhatYouReceive() {
  return (
    <section className="puja-receive" aria-labelledby="puja-receive-heading">
      <h3 id="puja-receive-heading">What you receive</h3>
      <ul>
        {PUJA_DELIVERABLES.map(({ item, detail, minDays, maxDays }) => (
          <li key={item}>
            <strong>{item}</strong>: {detail} Within {minDays}–{maxDays} days of the puja.
          </li>
        ))}
      </ul>
    </section>
  );
}

function PujaTabs({ puja }: { puja: Puja }) {
  const benefits = [
    [puja.benefitTitle1, puja.benefitDesc1],
    [puja.benefitTitle2, puja.benefitDesc2],
    [puja.benefitTitle3, puja.benefitDesc3],
    [puja.benefitTitle4, puja.benefitDesc4],
  ] as const;
  return (
    <Tabs.Root className="puja-tabs" defaultValue="description">
      <Tabs.List className="puja-tabs__list" aria-label="About this puja">
        <Tabs.Trigger className="puja-tabs__trigger" value="description">
          Description
        </Tabs.Trigger>
        <Tabs.Trigger className="puja-tabs__trigger" value="benefits">
          Benefits
        </Tabs.Trigger>
        <Tabs.Trigger className="puja-tabs__trigger" value="procedure">
          Procedure
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content className="puja-tabs__panel" value="description">
        <h2>About this Puja</h2>
        <RichText html={puja.description} />
        <WhatYouReceive />
      </Tabs.Content>
      <Tabs.Content className="puja-tabs__panel" value="benefits">
        <h2>Benefits</h2>
        <ul className="puja-benefits">
          {benefits.map(([title, description], index) => (
            <li key={index}>
              <h3>{title}</h3>
              <p>{stripHtml(description)}</p>
            </li>
          ))}
        </ul>
      </Tabs.Content>
      <Tabs.Content className="puja-tabs__panel" value="procedure">
        <h2>Procedure</h2>
        <ol className="puja-procedure">
          {procedure.map((step) => (
            <li key={step.title}>
              <strong>{step.title}:</strong> {step.text}
            </li>
          ))}
        </ol>
        <p className="puja-procedure__note">
          Our experienced temple priests guide the whole process and perform every step on your behalf,
          following the temple’s traditions.
        </p>
      </Tabs.Content>
    </Tabs.Root>
  );
}

function PackageGrid({
  pujaId,
  packages,
  windowRef,
  full,
}: {
  pujaId: number;
  packages: PujaPackage[];
  windowRef: BookingWindowRef;
  full: DateFull;
}) {
  if (packages.length === 0) {
    return <p className="empty-state">No packages available for this puja yet.</p>;
  }
  return (
    <ul className="grid grid--3 puja-grid" aria-label="Packages">
      {packages.map((pkg) => (
        <li key={pkg.id}>
          <PackageCard pujaId={pujaId} pkg={pkg} windowRef={windowRef} full={full} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A fully booked date (docs/product-rules.md, Waitlist): its packages join the waitlist through
 * the wizard, or, within the line's last hours, join nothing (`closed`). Null: places are left.
 */
type DateFull = 'waitlist' | 'closed' | null;

/** A package with its Book button, which opens the booking wizard for it (`?package=`). */
function PackageCard({
  pujaId,
  pkg,
  windowRef,
  full,
}: {
  pujaId: number;
  pkg: PujaPackage;
  windowRef: BookingWindowRef;
  full: DateFull;
}) {
  const open = useSelector(windowRef, selectIsOpen);
  const action = !open
    ? 'Booking Closed'
    : full === 'waitlist'
      ? waitlistMessages.join
      : full === 'closed'
        ? waitlistMessages.full
        : 'Book';
  const [, navigate] = useLocation();
  // The package goes in the URL, so it survives signing in and a reload.
  const book = () => navigate(pujaBookingPath(pujaId, pkg.id));
  return (
    <article className="card package-card">
      <div className="card__body">
        <h3 className="card__title">{pkg.title}</h3>
        <p>{stripHtml(pkg.description)}</p>
        <p className="package-card__persons">For {packagePersons(pkg.noPersons)}</p>
        <Price price={pkg.price} offerPrice={pkg.offerPrice} />
        <button
          type="button"
          className="button button--primary package-card__book"
          disabled={!open || full === 'closed'}
          // The visible words first, then the package they are for.
          aria-label={`${action} ${pkg.title}`}
          onClick={book}
        >
          {action}
        </button>
      </div>
    </article>
  );
}
