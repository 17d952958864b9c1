import { createEvent, type DateArray } from 'ics';
import { IST_OFFSET_MS } from '../../contract/india-time.ts';

/*
 * "Add to calendar" for a booking (docs/product-rules.md, The puja in the calendar): an
 * iCalendar file made with the `ics` library.
 */

/** A puja has no length in the catalogue: the calendar blocks an hour from its time. */
export const PUJA_CALENDAR_MINUTES = 60;
/** The reminder goes off at this hour, India's time, on the day before the puja. */
export const REMINDER_HOUR_IST = 18;

/** The booking page's path in the SPA (hash routing). */
export const bookingPagePath = (id: number) => `/#/account/bookings/${id}`;

/** What the calendar entry needs of a booking (a subset of the `Booking` answer). */
export interface CalendarBooking {
  id: number;
  /** e.g. PUJ-20261122-000007 */
  bookingNumber: string;
  puja: { pujaName: string; place: string; pujaDate: string };
  package?: { title: string };
  persons?: readonly { name: string }[];
}

export interface CalendarOptions {
  /** PUBLIC_URL: where customers reach the shop. */
  publicUrl: string;
  /** The shop's name, in the event's organiser line and description. */
  brand: string;
}

/** An instant as ics's UTC date array [y, m, d, h, min]. */
function utcArray(ms: number): DateArray {
  const date = new Date(ms);
  return [
    date.getUTCFullYear(),
    date.getUTCMonth() + 1,
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
  ];
}

const inIndia = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-IN', { ...options, timeZone: 'Asia/Kolkata' });
const weekdayOnly = inIndia({ weekday: 'short' });
const dateOnly = inIndia({ day: 'numeric', month: 'short', year: 'numeric' });
const timeOnly = inIndia({ hour: 'numeric', minute: '2-digit', hour12: true });

/**
 * "Mon, 23 Nov 2026, 6:53 pm IST": the puja's time in the shop's one date style
 * (docs/product-rules.md, Money and dates), composed from parts as the SPA composes it.
 */
function istLabel(ms: number): string {
  const date = new Date(ms);
  const time = timeOnly.format(date).replace(/\s/g, ' ');
  return `${weekdayOnly.format(date)}, ${dateOnly.format(date)}, ${time} IST`;
}

/** RFC 5545 TEXT escaping, for the alarm's description, which `ics` writes as given. */
const escapeText = (text: string) => text.replace(/[\\;,]/g, (c) => `\\${c}`);

/** 18:00 in India on the calendar day before the puja (in India), as an instant. */
export function reminderAt(pujaMs: number): number {
  const ist = new Date(pujaMs + IST_OFFSET_MS);
  const dayBefore = Date.UTC(
    ist.getUTCFullYear(),
    ist.getUTCMonth(),
    ist.getUTCDate() - 1,
    REMINDER_HOUR_IST,
  );
  return dayBefore - IST_OFFSET_MS;
}

/**
 * The .ics text of one booking: the puja at its time (written in UTC, as RFC 5545 allows, so
 * every calendar shows it in its own zone; the description names the time in IST), at the
 * temple, with a link back to the booking page and a reminder at 18:00 IST the evening before.
 * Throws if the booking has no valid puja date.
 */
export function bookingCalendar(booking: CalendarBooking, { publicUrl, brand }: CalendarOptions): string {
  const start = Date.parse(booking.puja.pujaDate);
  if (Number.isNaN(start)) throw new Error(`Booking ${booking.id} has no valid puja date`);
  const url = `${publicUrl.replace(/\/+$/, '')}${bookingPagePath(booking.id)}`;
  const persons = booking.persons?.map((person) => person.name).join(', ');
  const description = [
    `${booking.puja.pujaName} at ${booking.puja.place}, ${istLabel(start)}.`,
    booking.package ? `Package: ${booking.package.title}.` : undefined,
    persons ? `Sankalp for: ${persons}.` : undefined,
    `Booking ${booking.bookingNumber}: ${url}`,
  ]
    .filter(Boolean)
    .join('\n');
  const { error, value } = createEvent({
    productId: `${brand}//Puja bookings//EN`,
    uid: `booking-${booking.id}@${new URL(url).hostname}`,
    title: `${booking.puja.pujaName} (${brand})`,
    description,
    location: booking.puja.place,
    url,
    start: utcArray(start),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: PUJA_CALENDAR_MINUTES },
    status: 'CONFIRMED',
    alarms: [
      {
        action: 'display',
        description: escapeText(
          `Tomorrow: ${booking.puja.pujaName} at ${booking.puja.place}, ${istLabel(start)}`,
        ),
        // An instant (milliseconds), which ics writes in UTC: a date array here would be read
        // as the server's local time (ics has no input type for alarms), moving the reminder
        // with the server's TZ (12:30 IST instead of 18:00 under TZ=Asia/Kolkata).
        trigger: reminderAt(start),
      },
    ],
  });
  if (error || !value) throw error ?? new Error('The calendar file could not be made');
  return value;
}
