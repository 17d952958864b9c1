import * as v from 'valibot';

/*
 * Record fields the shop's contract and the back office's share. They live here, apart from
 * contract/admin/catalogue-fields.ts, so that a customer page importing them (contract/offerings.ts)
 * does not download the back office's messages with them (tests/budget/bundle.test.ts).
 */

/** A whole number from `min` to `max`, refused with `message` otherwise. */
export const wholeNumber = (message: string, min: number, max: number) =>
  v.pipe(v.number(message), v.safeInteger(message), v.minValue(min, message), v.maxValue(max, message));

/**
 * What staff read of a catalogue record beyond the shop's view: the version an edit starts from,
 * and when it was retired (null while it is in the shop).
 */
export const catalogueRecordEntries = {
  version: v.number(),
  retiredAt: v.nullable(v.string()),
};
