/**
 * India's clock, one home for its arithmetic: the shop's days, lock times and typed dates are
 * India's (docs/product-rules.md), whatever the server's or the browser's time zone. India
 * Standard Time is UTC+05:30 all year, with no daylight saving, so a fixed offset is exact.
 */

export const IST_OFFSET_MS = 5.5 * 3_600_000;
export const DAY_MS = 86_400_000;

const msOf = (at: Date | number | string): number =>
  typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : at.getTime();

/** The calendar day in India at an instant, "2026-11-28". */
export const indiaDay = (at: Date | number | string): string =>
  new Date(msOf(at) + IST_OFFSET_MS).toISOString().slice(0, 10);

/** Today's date in India, by this machine's clock. */
export const indiaToday = (): string => indiaDay(Date.now());

/** The first instant of India's day `day` ("2026-11-28"), `days` later, as ISO text. */
export const indiaDayStart = (day: string, days = 0): string =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) - IST_OFFSET_MS + days * DAY_MS).toISOString();

/** The day `days` after the calendar day `day` ("2026-11-28" + 1 = "2026-11-29"). */
export const dayAfter = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** An instant as India's date and time to the minute, "2026-11-28T18:30" (a datetime-local value). */
export const indiaDateTimeText = (iso: string): string =>
  new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString().slice(0, 16);

/** India's date and time to the minute ("2026-11-28T18:30") as the ISO instant it names. */
export const fromIndiaDateTimeText = (text: string): string =>
  new Date(Date.parse(`${text}:00.000Z`) - IST_OFFSET_MS).toISOString();
