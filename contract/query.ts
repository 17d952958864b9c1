import * as v from 'valibot';

/**
 * The pieces every list's query string is made of (the shop's catalogue, the back office's
 * queues, records and audit log): a day, a whole number in bounds and a search text. A query
 * value is always text; each piece refuses a bad one with a message that names the parameter.
 */

/** A calendar day as a query or a form sends it: YYYY-MM-DD. */
export const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real day, YYYY-MM-DD (`name` is required; wrap in v.optional for a filter). */
export const isoDayParam = (name: string) =>
  v.pipe(
    v.string(`${name} is required (YYYY-MM-DD)`),
    v.regex(ISO_DAY, `${name} must be a date (YYYY-MM-DD)`),
    v.check((value) => !Number.isNaN(Date.parse(value)), `${name} must be a real date`),
  );

/** An optional whole number from `min` to `max` (at most 10 digits), refused with `message`. */
export const wholeNumberParam = (
  name: string,
  min: number,
  max: number,
  message = `${name} must be a whole number from ${min} to ${max}`,
) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,10}$/, message),
      v.transform(Number),
      v.minValue(min, message),
      v.maxValue(max, message),
    ),
  );

/** The optional search text `q`, trimmed, at most `max` characters. */
export const searchParam = (max: number) =>
  v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, `q must be at most ${max} characters`)));
