import * as v from 'valibot';

/** Digits only, no leading zero, at most ten of them: every id the API hands out fits. */
const ID_TEXT = /^[1-9]\d{0,9}$/;

/** An id in a path (/api/orders/{id}, /products/{id}, a route segment): digits only, as the API routes accept them. */
export const NumericId = v.pipe(
  v.string(),
  v.regex(ID_TEXT, 'The id must be a positive whole number'),
  v.transform(Number),
  v.safeInteger(),
);

/** The id in a path segment, or undefined for anything but a positive whole number. */
export function parseNumericId(raw: string | number | null | undefined): number | undefined {
  if (raw === null || raw === undefined) return undefined;
  const parsed = v.safeParse(NumericId, String(raw));
  return parsed.success ? parsed.output : undefined;
}

/**
 * An id in a JSON body: a positive whole number. Missing or null gets `missing` (the field's own
 * message unless told), anything else that is not a positive whole number gets `message`.
 */
export const PositiveId = (message: string, missing = message) =>
  v.pipe(
    v.nullish(v.number(message), 0),
    v.check((value) => value !== 0, missing),
    v.safeInteger(message),
    v.minValue(1, message),
  );
