import { e_tilt, EclipticGeoMoon, MakeTime } from 'astronomy-engine';
import type { BirthDayStar, BirthStar } from '../../contract/birth-star.ts';
import {
  NAKSHATRA_OPTIONS,
  RAASHI_OPTIONS,
  type Nakshatra,
  type Raashi,
} from '../../contract/raashi-nakshatra.ts';

/*
 * The raashi and nakshatra from the Moon's sidereal longitude at birth
 * (docs/product-rules.md, Raashi and nakshatra from birth details).
 */

const RAASHI_SPAN = 30;
const NAKSHATRA_SPAN = 360 / 27;

/**
 * How close to a boundary, in arc-minutes, the Moon must be for both neighbours to be offered.
 * Measured against a second, independent panchang library (mhah-panchang: its own lunar theory
 * and Lahiri formula), the two place the Moon's boundary crossings at most 0.7′ apart over
 * 1925-2024, 0.30′ on average (tests/server/birth-star.test.ts measures and prints it). 2′ is
 * three times that, and about 4 minutes of the Moon's motion: the uncertainty of a birth time
 * written down to the minute from a wall clock (docs/decisions/0018-birth-star-from-birth-details.md).
 */
export const BOUNDARY_MARGIN_ARCMIN = 2;

/**
 * Lahiri (Chitrapaksha) ayanamsa, as India's Calendar Reform Committee defined it and the
 * Indian Astronomical Ephemeris uses it: 23°15′00.658″ on 1956-03-21 0h TT (JD 2435553.5),
 * true, i.e. with that day's nutation (16.77″); the mean value there is 23.245524743°. It then
 * grows with the general precession in longitude (IAU 2006, Capitaine et al. 2003).
 */
const LAHIRI_T0 = (2435553.5 - 2451545.0) / 36525;
const LAHIRI_MEAN_AT_T0 = 23.245524743;

/** General precession in longitude since J2000, arc-seconds, T in Julian centuries of TT. */
function generalPrecession(T: number): number {
  return T * (5028.796195 + T * (1.1054348 + T * (0.00007964 + T * (-0.000023857 - T * 0.0000000383))));
}

/** The mean Lahiri ayanamsa at T (Julian centuries of TT since J2000), degrees. */
export function lahiriAyanamsa(T: number): number {
  return LAHIRI_MEAN_AT_T0 + (generalPrecession(T) - generalPrecession(LAHIRI_T0)) / 3600;
}

const normalise = (degrees: number) => ((degrees % 360) + 360) % 360;

/**
 * The Moon's geocentric sidereal longitude at `instant`: astronomy-engine's true ecliptic
 * longitude of date, less the nutation in longitude (to the mean equinox) and the mean
 * Lahiri ayanamsa. Degrees in [0, 360).
 */
export function moonSiderealLongitude(instant: Date): { longitude: number; ayanamsa: number } {
  const time = MakeTime(instant);
  const trueLongitude = EclipticGeoMoon(time).lon;
  const nutation = e_tilt(time).dpsi / 3600;
  const ayanamsa = lahiriAyanamsa(time.tt / 36525);
  return { longitude: normalise(trueLongitude - nutation - ayanamsa), ayanamsa: ayanamsa + nutation };
}

/**
 * The neighbours of the division `longitude` falls in, when it is within `margin` degrees of
 * either edge: [previous, this] or [this, next] as indexes, else undefined.
 */
function neighbours(longitude: number, span: number, count: number, margin: number) {
  const index = Math.floor(longitude / span) % count;
  const into = longitude - index * span;
  if (into < margin) return { index, pair: [(index + count - 1) % count, index] as const };
  if (span - into < margin) return { index, pair: [index, (index + 1) % count] as const };
  return { index, pair: undefined };
}

/** The raashi and nakshatra for a sidereal longitude, with both neighbours near a boundary. */
export function birthStarAt(
  longitude: number,
  marginArcmin = BOUNDARY_MARGIN_ARCMIN,
): Pick<BirthStar, 'raashi' | 'nakshatra' | 'nearBoundary'> {
  const margin = marginArcmin / 60;
  const raashi = neighbours(longitude, RAASHI_SPAN, 12, margin);
  const nakshatra = neighbours(longitude, NAKSHATRA_SPAN, 27, margin);
  const raashiName = (i: number): Raashi => RAASHI_OPTIONS[i]!;
  const nakshatraName = (i: number): Nakshatra => NAKSHATRA_OPTIONS[i]!;
  return {
    raashi: raashiName(raashi.index),
    nakshatra: nakshatraName(nakshatra.index),
    nearBoundary: {
      ...(raashi.pair && { raashi: [raashiName(raashi.pair[0]), raashiName(raashi.pair[1])] }),
      ...(nakshatra.pair && {
        nakshatra: [nakshatraName(nakshatra.pair[0]), nakshatraName(nakshatra.pair[1])],
      }),
    },
  };
}

/* ------------------------------------------------------------------------------------------
 * Wall-clock time in a zone to an instant
 * ---------------------------------------------------------------------------------------- */

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at `ms`, in milliseconds (IST: +19 800 000). */
function offsetAt(zone: string, ms: number): number {
  const parts = Object.fromEntries(
    formatterFor(zone)
      .formatToParts(new Date(ms))
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant a clock in `zone` showed `date` (YYYY-MM-DD) `time` (HH:MM), by the zone's own
 * history (India: Madras time +5:21:10 before 1906, war time +6:30 in 1942-45). Near a
 * daylight-saving change, a time shown twice is read as the first; a time skipped is read with
 * the offset before the change (as JavaScript's Temporal does by default).
 */
export function zonedInstant(date: string, time: string, zone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const first = offsetAt(zone, wall);
  const offsets = [first, offsetAt(zone, wall - first)];
  const readings = offsets.map((offset) => wall - offset).filter((ms) => offsetAt(zone, ms) === wall - ms);
  return new Date(readings.length > 0 ? Math.min(...readings) : wall - Math.min(...offsets));
}

/** The suggestion for a birth: the date and time on the birth place's clock, in `zone`. */
export function birthStar(input: { dateOfBirth: string; birthTime: string; timeZone: string }): BirthStar {
  const instant = zonedInstant(input.dateOfBirth, input.birthTime, input.timeZone);
  const { longitude, ayanamsa } = moonSiderealLongitude(instant);
  return {
    ...birthStarAt(longitude),
    moonLongitude: Math.round(longitude * 1e6) / 1e6,
    ayanamsa: Math.round(ayanamsa * 1e6) / 1e6,
    birthInstant: instant.toISOString(),
    timeZone: input.timeZone,
  };
}

/* ------------------------------------------------------------------------------------------
 * The date of birth alone
 * ---------------------------------------------------------------------------------------- */

/** The day after `date` (YYYY-MM-DD), by the calendar alone. */
function nextDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/**
 * The divisions of `span` degrees that the arc from `from` to `to` (degrees, `to` >= `from`,
 * not wrapped) touches, as indexes in zodiac order.
 */
function divisionsCrossed(from: number, to: number, span: number, count: number): number[] {
  const first = Math.floor(from / span);
  const last = Math.floor(to / span);
  return Array.from({ length: last - first + 1 }, (_, i) => (((first + i) % count) + count) % count);
}

/**
 * What the date of birth alone tells (docs/product-rules.md, Raashi and nakshatra from birth
 * details): every raashi and nakshatra the Moon was in during that civil day on the birth
 * place's clock, from its 00:00 to the next day's 00:00 (23 or 25 hours on a daylight-saving
 * change). The Moon never moves backwards as seen from the Earth, so the day's path is the arc
 * from its longitude at the start to its longitude at the end (12° to 15.5°): one raashi or two,
 * one nakshatra to three. The arc is widened by the boundary margin at both ends, as a birth time
 * near a boundary is: a Moon that changes sign within minutes of midnight names both signs
 * (docs/decisions/0067-birth-star-from-the-date-alone.md).
 */
export function birthDayStar(input: { dateOfBirth: string; timeZone: string }): BirthDayStar {
  const dayStart = zonedInstant(input.dateOfBirth, '00:00', input.timeZone);
  const dayEnd = zonedInstant(nextDay(input.dateOfBirth), '00:00', input.timeZone);
  const start = moonSiderealLongitude(dayStart).longitude;
  const end = moonSiderealLongitude(dayEnd).longitude;
  const travelled = normalise(end - start);
  const margin = BOUNDARY_MARGIN_ARCMIN / 60;
  const [from, to] = [start - margin, start + travelled + margin];
  return {
    raashis: divisionsCrossed(from, to, RAASHI_SPAN, 12).map((i) => RAASHI_OPTIONS[i]!),
    nakshatras: divisionsCrossed(from, to, NAKSHATRA_SPAN, 27).map((i) => NAKSHATRA_OPTIONS[i]!),
    moonLongitudeAtStart: Math.round(start * 1e6) / 1e6,
    moonLongitudeAtEnd: Math.round(end * 1e6) / 1e6,
    dayStart: dayStart.toISOString(),
    dayEnd: dayEnd.toISOString(),
    dateOfBirth: input.dateOfBirth,
    timeZone: input.timeZone,
  };
}
