import * as v from 'valibot';
import { MAX_BOOKING_PERSONS } from '../person.ts';
import { searchParam, wholeNumberParam } from '../query.ts';

// Kept in contract/record-fields.ts, which the shop's own contract may import without the back
// office's words coming along into a customer's download.
export { catalogueRecordEntries, wholeNumber } from '../record-fields.ts';
import { notAllowedMessage, requiredText, tooLongMessage, wireText } from '../text.ts';

/**
 * What the back office's catalogue records share (docs/product-rules.md, Roles and the back
 * office): plain or lightly marked-up text (never HTML), images of the catalogue, prices, the
 * version an edit started from, and the query of their lists. Each record's own shapes are in
 * contract/admin/<record>.ts.
 */

/** Something that a browser would read as a tag (or a comment, a doctype, a processing instruction). */
const HTML_TAG = /<\s*[/!?]?\s*[a-z][^>]*>|<!--/i;
/** Control characters other than tab and line breaks, and lone surrogates. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_IN_LONG_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\p{Cs}]/u;

const MAX_DESCRIPTION_LENGTH = 5000;
export const MAX_TITLE_LENGTH = 120;
export const MAX_PLACE_LENGTH = 160;
export const MAX_BENEFIT_DESC_LENGTH = 400;
const MAX_PRICE = 10_000_000;
export const MAX_STOCK_CHANGE = 100_000;
/** The most persons' names a puja date may take (docs/product-rules.md, Places at the temple). */
export const MAX_PUJA_CAPACITY = 100_000;

/** The most bookings of one date a puja may let one account hold (Places at the temple). */
export const MAX_PER_ACCOUNT = 20;

export const catalogueMessages = {
  noHtml: (label: string) =>
    `${label} is plain text: leave a blank line between paragraphs and start list lines with “- ” (no HTML)`,
  imageInvalid: 'Please choose an image of the catalogue (upload one)',
  priceInvalid: `Prices must be whole rupees from 0 to ${MAX_PRICE.toLocaleString('en-IN')}`,
  offerAbovePrice: 'The offer price cannot be more than the price',
  repeatDateInPast: 'The new date must be in the future',
  personsInvalid: `Persons must be a whole number from 1 to ${MAX_BOOKING_PERSONS}`,
  dateInvalid: 'The puja date must be a date and time',
  startAfterPuja: 'Bookings must open before the puja date',
  capacityInvalid: `Places must be a whole number from 1 to ${MAX_PUJA_CAPACITY.toLocaleString('en-IN')}, or empty for no limit`,
  maxPerAccountInvalid: `Bookings per devotee must be a whole number from 1 to ${MAX_PER_ACCOUNT}, or empty for no limit`,
  authorisationDateInvalid: 'The authorisation date must be a date (YYYY-MM-DD)',
  authorisationImageInvalid: 'The authorisation image must be an upload of this shop (upl_…)',
  versionInvalid: 'version must be the version you started editing from',
  conflict:
    'Someone else saved this while you were editing. Your changes are not saved yet: compare them with theirs below.',
  notFound: (what: string) => `${what} not found`,
  categoryInvalid: 'Please choose a category',
  categoryUnknown: 'That category does not exist',
  categoryRetired: 'That category is retired: choose another, or restore the category first.',
  categoryHasProducts: (count: number) =>
    `${count === 1 ? '1 product is' : `${count} products are`} still in the shop in this category: move ${count === 1 ? 'it' : 'them'} to another category or retire ${count === 1 ? 'it' : 'them'} first.`,
  stockQuantityInvalid: `The quantity must be a whole number from 1 to ${MAX_STOCK_CHANGE.toLocaleString('en-IN')}`,
  stockReasonInvalid: 'Please choose why the stock changes',
  stockNoteRequired: 'Please say why the stock is adjusted',
  stockBelowZero: (available: number) => `Only ${available} in stock: the stock cannot go below 0.`,
  packageHasBookings: 'This package has bookings: change it instead of deleting it.',
  retired: (what: string) => `This ${what} is retired: restore it before changing it.`,
  imageNotImage: 'Please upload a photo (JPEG, PNG or WebP)',
  imageUnreadable: 'This image could not be read. Please upload another JPEG, PNG or WebP.',
  imageTooSmall: (width: number) => `The image must be at least ${width} pixels wide`,
  ratingInvalid: 'Rating must be from 0 to 5',
  experienceInvalid: 'Experience must be a whole number of years from 0 to 80',
  rateInvalid: 'The rate must be whole rupees per minute from 0 to 100,000',
  specializationsInvalid: 'Give 1 to 10 specializations of at most 40 characters each',
  // SPA fallbacks
  loadFailed: 'Failed to load. Please try again.',
  saveFailed: 'Failed to save. Please try again.',
} as const;

/** A multi-line catalogue text: paragraphs and "- " lists (what `RichText` renders), no HTML. */
export function catalogueText(label: string, { max = MAX_DESCRIPTION_LENGTH, required = true } = {}) {
  return v.pipe(
    wireText(`${label} must be text`),
    v.transform((value) => value.replace(/\r\n?/g, '\n').trim()),
    v.check((value) => !required || value !== '', `${label} is required`),
    v.maxLength(max, tooLongMessage(label, max)),
    v.check((value) => !FORBIDDEN_IN_LONG_TEXT.test(value), notAllowedMessage(label)),
    v.check((value) => !HTML_TAG.test(value), catalogueMessages.noHtml(label)),
  );
}

/** A single-line catalogue text that must not be markup either. */
export const catalogueLine = (label: string, max: number) =>
  v.pipe(
    requiredText(label, `${label} is required`, max),
    v.check((value) => !HTML_TAG.test(value), catalogueMessages.noHtml(label)),
  );

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  apos: "'",
  nbsp: ' ',
};

/**
 * Catalogue text as staff edit it: the older catalogue's HTML (<p>, <ul>, <li>, <br>, <strong>…)
 * turned into the plain markup the forms take, so saving an old description drops its tags.
 */
export function toCatalogueMarkup(text: string): string {
  if (!/[<&]/.test(text)) return text;
  return text
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/(?:p|div|h[1-6]|blockquote|ul|ol)\s*>/gi, '\n\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#?\w+);/g, (match, name: string) => ENTITIES[name.toLowerCase()] ?? match)
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** An image of the shop's catalogue: the demo's own files or one staff uploaded (POST /api/admin/images). */
export const CATALOGUE_IMAGE_PATH =
  /^\/images\/(?:[a-z0-9-]+\/)*[a-z0-9][a-z0-9._-]*\.(?:svg|webp|png|jpe?g)$/i;
export const catalogueImage = v.pipe(
  wireText(catalogueMessages.imageInvalid),
  v.trim(),
  v.regex(CATALOGUE_IMAGE_PATH, catalogueMessages.imageInvalid),
  v.check((value) => !value.includes('..'), catalogueMessages.imageInvalid),
);

export const rupees = v.pipe(
  v.number(catalogueMessages.priceInvalid),
  v.safeInteger(catalogueMessages.priceInvalid),
  v.minValue(0, catalogueMessages.priceInvalid),
  v.maxValue(MAX_PRICE, catalogueMessages.priceInvalid),
);

export const instant = (message: string) =>
  v.pipe(
    v.string(message),
    v.check((value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)), message),
    v.transform((value) => new Date(value).toISOString()),
  );

/** The version the edit started from; a stale one is refused with 409 (edit_conflict). */
export const Version = v.pipe(
  v.number(catalogueMessages.versionInvalid),
  v.safeInteger(catalogueMessages.versionInvalid),
  v.minValue(1, catalogueMessages.versionInvalid),
);
export const VersionInput = v.object({ version: Version });

export type VersionInput = v.InferOutput<typeof VersionInput>;

/** What a conflict answers: 409 {message, code: 'edit_conflict', current}. */
export const EDIT_CONFLICT = 'edit_conflict';

/** Whether a priced thing's offer is within its price. */
export const offerWithinPrice = <T extends { price: number; offerPrice: number }>() =>
  v.check<T, string>((value) => value.offerPrice <= value.price, catalogueMessages.offerAbovePrice);

export const RECORD_STATES = ['active', 'retired', 'all'] as const;
/** What the lists of catalogue records share: a search, active or retired records, a page. */
export const recordListQuery = {
  q: searchParam(100),
  state: v.optional(v.picklist(RECORD_STATES, `state must be one of ${RECORD_STATES.join(', ')}`)),
  limit: wholeNumberParam('limit', 1, 100),
  offset: wholeNumberParam('offset', 0, 1_000_000_000),
};
