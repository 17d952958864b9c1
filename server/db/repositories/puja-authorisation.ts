import type { ExpressionBuilder } from 'kysely';
import type { Puja } from '../../../contract/catalogue.ts';
import type { PujaRow } from '../catalogue-types.ts';
import type { Database } from '../types.ts';

/**
 * The temple's authorisation (docs/product-rules.md, The temple's authorisation): a puja whose
 * temple, performer, authorising office, reference or date is missing is a draft, and the shop's
 * reads, bookings and payments treat it as not there (docs/decisions/0078).
 */

/** The columns a puja needs to leave the drafts (the image is optional). */
export const AUTHORISATION_COLUMNS = [
  'puja.templeName',
  'puja.performedBy',
  'puja.authorisedBy',
  'puja.authorisationRef',
  'puja.authorisationDate',
] as const;

type AuthorisationRow = Pick<
  PujaRow,
  'templeName' | 'performedBy' | 'authorisedBy' | 'authorisationRef' | 'authorisationDate'
>;

/** A condition on `puja`: it carries all of its authorisation (it is not a draft). */
export const isAuthorised = (eb: ExpressionBuilder<Database, 'puja'>) =>
  eb.and(AUTHORISATION_COLUMNS.map((column) => eb(column, 'is not', null)));

/**
 * A condition on `puja`: it is in the shop, as customers see it: not retired, and not a draft.
 * Every read the shop makes of a puja for its customers (the catalogue, a puja's other dates, a
 * booking's quote, a waitlist's offer) is filtered by this one condition.
 */
export const isInShop = (eb: ExpressionBuilder<Database, 'puja'>) =>
  eb.and([eb('puja.retiredAt', 'is', null), isAuthorised(eb)]);

/** Whether a puja's row lacks any of its authorisation. */
export const isDraft = (row: AuthorisationRow): boolean =>
  !row.templeName || !row.performedBy || !row.authorisedBy || !row.authorisationRef || !row.authorisationDate;

/** The authorisation as the shop's answer carries it; null for a draft. */
export function authorisationOf(row: AuthorisationRow): Puja['authorisation'] {
  if (isDraft(row)) return null;
  return {
    templeName: row.templeName!,
    performedBy: row.performedBy!,
    authorisedBy: row.authorisedBy!,
    reference: row.authorisationRef!,
    date: row.authorisationDate!,
  };
}
