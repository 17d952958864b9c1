import * as v from 'valibot';
import { birthTimeSchema, dateOfBirthSchema, latestToday } from './person.ts';
import { NAKSHATRA_OPTIONS, RAASHI_OPTIONS } from './raashi-nakshatra.ts';

/* ------------------------------------------------------------------------------------------
 * POST /api/astro/birth-star: the raashi and nakshatra suggested from a date and time of birth;
 * POST /api/astro/birth-star/day: those the date alone allows, when the time is not known
 * (docs/product-rules.md, Raashi and nakshatra from birth details).
 * ---------------------------------------------------------------------------------------- */

/** India's zone, with its history (Madras time before 1906, war time 1942-45): the default. */
export const DEFAULT_BIRTH_TIME_ZONE = 'Asia/Kolkata';

/**
 * The zones the person form offers for a birth abroad: India first, then where most devotees'
 * families live (docs/decisions/0019-birth-time-zones.md). The API takes any IANA zone.
 */
export const BIRTH_TIME_ZONES = [
  { id: 'Asia/Kolkata', label: 'India (IST)' },
  { id: 'Asia/Colombo', label: 'Sri Lanka' },
  { id: 'Asia/Kathmandu', label: 'Nepal' },
  { id: 'Asia/Dubai', label: 'UAE, Oman (Gulf time)' },
  { id: 'Asia/Riyadh', label: 'Saudi Arabia, Kuwait, Qatar, Bahrain' },
  { id: 'Asia/Singapore', label: 'Singapore, Malaysia' },
  { id: 'Europe/London', label: 'United Kingdom' },
  { id: 'Europe/Berlin', label: 'Germany, central Europe' },
  { id: 'America/New_York', label: 'US and Canada, Eastern' },
  { id: 'America/Chicago', label: 'US and Canada, Central' },
  { id: 'America/Los_Angeles', label: 'US and Canada, Pacific' },
  { id: 'Australia/Sydney', label: 'Australia, Sydney and Melbourne' },
  { id: 'Africa/Johannesburg', label: 'South Africa' },
] as const;

/**
 * True for an IANA zone of the form Area/Location ("Asia/Kolkata") that this runtime knows.
 * Abbreviations are refused even where the runtime knows one: "IST" is India's, Ireland's and
 * Israel's.
 */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const birthStarMessages = {
  bodyInvalid: 'Send {dateOfBirth, birthTime, timeZone?} as JSON',
  dayBodyInvalid: 'Send {dateOfBirth, timeZone?} as JSON',
  timeZoneInvalid: 'timeZone must be a time zone such as "Asia/Kolkata"',
  // SPA fallback (docs/product-rules.md, Messages and errors)
  failed: 'Failed to work out the raashi and nakshatra',
} as const;

/** The birth place's zone: an IANA Area/Location zone, India's when none is sent. */
const timeZoneSchema = v.pipe(
  v.nullish(v.string(birthStarMessages.timeZoneInvalid), DEFAULT_BIRTH_TIME_ZONE),
  v.trim(),
  v.maxLength(64, birthStarMessages.timeZoneInvalid),
  v.check(isTimeZone, birthStarMessages.timeZoneInvalid),
);

/**
 * The request, with a given "today" for the date of birth (the server passes its clock): the
 * date and time are the birth place's own clock; without a zone, India's.
 */
export const birthStarRequestSchema = (today: () => string) =>
  v.object(
    {
      dateOfBirth: dateOfBirthSchema(today),
      birthTime: birthTimeSchema,
      timeZone: timeZoneSchema,
    },
    birthStarMessages.bodyInvalid,
  );
export const BirthStarRequest = birthStarRequestSchema(() => latestToday(new Date()));
export type BirthStarRequest = v.InferOutput<typeof BirthStarRequest>;

const RaashiPair = v.tuple([v.picklist(RAASHI_OPTIONS), v.picklist(RAASHI_OPTIONS)]);
const NakshatraPair = v.tuple([v.picklist(NAKSHATRA_OPTIONS), v.picklist(NAKSHATRA_OPTIONS)]);

/**
 * The answer. `raashi` and `nakshatra` are the suggestion, in the person form's own values.
 * When the Moon was within the margin of a boundary, `nearBoundary` names the two neighbours
 * (in zodiac order, the suggestion one of them): either may be right, the devotee chooses.
 */
export const BirthStar = v.object({
  raashi: v.picklist(RAASHI_OPTIONS),
  nakshatra: v.picklist(NAKSHATRA_OPTIONS),
  nearBoundary: v.object({
    raashi: v.optional(RaashiPair),
    nakshatra: v.optional(NakshatraPair),
  }),
  /** The Moon's sidereal (Lahiri) longitude, degrees in [0, 360). */
  moonLongitude: v.number(),
  /** The Lahiri ayanamsa used, in degrees. */
  ayanamsa: v.number(),
  /** The birth instant the date, time and zone name, ISO 8601 in UTC. */
  birthInstant: v.string(),
  timeZone: v.string(),
});
export type BirthStar = v.InferOutput<typeof BirthStar>;

/* ------------------------------------------------------------------------------------------
 * POST /api/astro/birth-star/day: the date of birth alone
 * (docs/decisions/0067-birth-star-from-the-date-alone.md).
 * ---------------------------------------------------------------------------------------- */

/** The request: a date of birth on the birth place's clock; without a zone, India's. */
export const birthDayStarRequestSchema = (today: () => string) =>
  v.object(
    { dateOfBirth: dateOfBirthSchema(today), timeZone: timeZoneSchema },
    birthStarMessages.dayBodyInvalid,
  );
export const BirthDayStarRequest = birthDayStarRequestSchema(() => latestToday(new Date()));
export type BirthDayStarRequest = v.InferOutput<typeof BirthDayStarRequest>;

/**
 * The answer: every raashi (one or two) and nakshatra (one to three) the Moon was in during the
 * civil day of birth on the birth place's clock, in the order the Moon went through them. One
 * name means the date alone settles it.
 */
export const BirthDayStar = v.object({
  raashis: v.pipe(v.array(v.picklist(RAASHI_OPTIONS)), v.minLength(1), v.maxLength(2)),
  nakshatras: v.pipe(v.array(v.picklist(NAKSHATRA_OPTIONS)), v.minLength(1), v.maxLength(3)),
  /** The Moon's sidereal (Lahiri) longitude at the day's start and end, degrees in [0, 360). */
  moonLongitudeAtStart: v.number(),
  moonLongitudeAtEnd: v.number(),
  /** The day's 00:00 and the next day's 00:00 on the birth place's clock, ISO 8601 in UTC. */
  dayStart: v.string(),
  dayEnd: v.string(),
  dateOfBirth: v.string(),
  timeZone: v.string(),
});
export type BirthDayStar = v.InferOutput<typeof BirthDayStar>;
