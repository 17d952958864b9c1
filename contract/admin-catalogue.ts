import * as v from 'valibot';
import { MAX_BOOKING_PERSONS } from './booking.ts';
import { Astrologer, Category, Product, Puja, PujaPackage } from './catalogue.ts';
import { PositiveId } from './ids.ts';
import { TEMPLE_SCRIPTS, TempleScript, type TempleScriptName } from './temple-script.ts';
import { FORBIDDEN_TEXT, notAllowedMessage, requiredText, tooLongMessage, wireText } from './text.ts';

/**
 * The back office's catalogue (docs/product-rules.md, Roles and the back office): what staff
 * send to create and edit pujas, packages, products, categories and astrologers, receive stock
 * and add images, and what they read back. The shop's own catalogue answers (contract/catalogue.ts)
 * keep their shapes; the staff's records add what only staff see (version, retired, script).
 *
 *   GET  /api/admin/pujas?q&when&state&limit&offset      -> AdminPujaListResponse
 *   POST /api/admin/pujas             PujaInput           -> 201 AdminPujaResponse
 *   GET  /api/admin/pujas/{id}                            -> AdminPujaResponse
 *   PUT  /api/admin/pujas/{id}        PujaInput+version   -> AdminPujaResponse | 409 edit_conflict
 *   POST /api/admin/pujas/{id}/retire|restore  {version}  -> AdminPujaResponse
 *   POST /api/admin/pujas/{id}/repeat RepeatPujaInput     -> 201 AdminPujaResponse (the copy)
 *   POST /api/admin/pujas/{id}/packages PackageInput      -> 201 AdminPujaResponse
 *   PUT  /api/admin/packages/{id}     PackageInput+version -> AdminPujaResponse
 *   DELETE /api/admin/packages/{id}                       -> AdminPujaResponse (no bookings only)
 *   ... the same for products (+ POST /api/admin/products/{id}/stock StockEntryInput),
 *   categories (a category is retired only once none of its products is in the shop) and
 *   astrologers; POST /api/admin/images ImageInput -> 201 CatalogueImageResponse.
 */

/* ------------------------------------------------------------------------------------------
 * Text: plain, or a small safe markup; never HTML
 * ---------------------------------------------------------------------------------------- */

/** Something that a browser would read as a tag (or a comment, a doctype, a processing instruction). */
const HTML_TAG = /<\s*[/!?]?\s*[a-z][^>]*>|<!--/i;
/** Control characters other than tab and line breaks, and lone surrogates. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_IN_LONG_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\p{Cs}]/u;

export const MAX_DESCRIPTION_LENGTH = 5000;
export const MAX_TITLE_LENGTH = 120;
export const MAX_PLACE_LENGTH = 160;
export const MAX_BENEFIT_DESC_LENGTH = 400;
export const MAX_PRICE = 10_000_000;
export const MAX_STOCK_CHANGE = 100_000;

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
const line = (label: string, max: number) =>
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
const image = v.pipe(
  wireText(catalogueMessages.imageInvalid),
  v.trim(),
  v.regex(CATALOGUE_IMAGE_PATH, catalogueMessages.imageInvalid),
  v.check((value) => !value.includes('..'), catalogueMessages.imageInvalid),
);

const rupees = v.pipe(
  v.number(catalogueMessages.priceInvalid),
  v.safeInteger(catalogueMessages.priceInvalid),
  v.minValue(0, catalogueMessages.priceInvalid),
  v.maxValue(MAX_PRICE, catalogueMessages.priceInvalid),
);
const wholeNumber = (message: string, min: number, max: number) =>
  v.pipe(v.number(message), v.safeInteger(message), v.minValue(min, message), v.maxValue(max, message));

const instant = (message: string) =>
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
const offerWithinPrice = <T extends { price: number; offerPrice: number }>() =>
  v.check<T, string>((value) => value.offerPrice <= value.price, catalogueMessages.offerAbovePrice);

/* ------------------------------------------------------------------------------------------
 * Pujas and packages
 * ---------------------------------------------------------------------------------------- */

const benefitTitle = (n: number) => line(`Benefit ${n} title`, MAX_TITLE_LENGTH);
const benefitDesc = (n: number) =>
  catalogueText(`Benefit ${n} description`, { max: MAX_BENEFIT_DESC_LENGTH });

const pujaFields = {
  pujaName: line('Name', MAX_TITLE_LENGTH),
  place: line('Temple and place', MAX_PLACE_LENGTH),
  pujaDate: instant(catalogueMessages.dateInvalid),
  /** When bookings open (shown as "starts"); null = now. */
  startDate: v.optional(v.nullable(instant(catalogueMessages.dateInvalid)), null),
  description: catalogueText('Description'),
  image,
  inDemand: v.boolean('inDemand must be true or false'),
  noDevotes: v.optional(wholeNumber('Devotees must be a whole number, 0 or more', 0, 100_000_000), 0),
  script: TempleScript,
  benefitTitle1: benefitTitle(1),
  benefitDesc1: benefitDesc(1),
  benefitTitle2: benefitTitle(2),
  benefitDesc2: benefitDesc(2),
  benefitTitle3: benefitTitle(3),
  benefitDesc3: benefitDesc(3),
  benefitTitle4: benefitTitle(4),
  benefitDesc4: benefitDesc(4),
};

const startsBeforePuja = <T extends { startDate: string | null; pujaDate: string }>() =>
  v.check<T, string>(
    ({ startDate, pujaDate }) => startDate === null || startDate <= pujaDate,
    catalogueMessages.startAfterPuja,
  );

export const PujaInput = v.pipe(v.object(pujaFields), startsBeforePuja());
export type PujaInput = v.InferOutput<typeof PujaInput>;
export type PujaDraft = v.InferInput<typeof PujaInput>;
export const PujaUpdate = v.pipe(v.object({ ...pujaFields, version: Version }), startsBeforePuja());
export type PujaUpdate = v.InferOutput<typeof PujaUpdate>;

/** "Repeat this puja on a new date": a copy with its packages, bookings opening now unless told. */
export const RepeatPujaInput = v.object({
  pujaDate: instant(catalogueMessages.dateInvalid),
  startDate: v.optional(v.nullable(instant(catalogueMessages.dateInvalid)), null),
});
export type RepeatPujaInput = v.InferOutput<typeof RepeatPujaInput>;

const packageFields = {
  title: line('Title', MAX_TITLE_LENGTH),
  description: catalogueText('Description', { max: 1000 }),
  noPersons: wholeNumber(catalogueMessages.personsInvalid, 1, MAX_BOOKING_PERSONS),
  price: rupees,
  offerPrice: rupees,
};
export const PackageInput = v.pipe(v.object(packageFields), offerWithinPrice());
export type PackageInput = v.InferOutput<typeof PackageInput>;
export const PackageUpdate = v.pipe(v.object({ ...packageFields, version: Version }), offerWithinPrice());
export type PackageUpdate = v.InferOutput<typeof PackageUpdate>;

export const AdminPackage = v.object({
  ...PujaPackage.entries,
  version: v.number(),
  bookingCount: v.number(),
});
export type AdminPackage = v.InferOutput<typeof AdminPackage>;

export const AdminPuja = v.object({
  ...Puja.entries,
  startDate: v.nullable(v.string()),
  script: TempleScript,
  version: v.number(),
  retiredAt: v.nullable(v.string()),
  bookingCount: v.number(),
  packages: v.array(AdminPackage),
});
export type AdminPuja = v.InferOutput<typeof AdminPuja>;
export const AdminPujaResponse = v.object({ puja: AdminPuja });
export type AdminPujaResponse = v.InferOutput<typeof AdminPujaResponse>;

export const AdminPujaSummary = v.object({
  id: v.number(),
  pujaName: v.string(),
  place: v.string(),
  pujaDate: v.nullable(v.string()),
  image: v.string(),
  inDemand: v.boolean(),
  script: TempleScript,
  retiredAt: v.nullable(v.string()),
  packageCount: v.number(),
  bookingCount: v.number(),
  fromPrice: v.nullable(v.number()),
});
export type AdminPujaSummary = v.InferOutput<typeof AdminPujaSummary>;
export const AdminPujaListResponse = v.object({ pujas: v.array(AdminPujaSummary), total: v.number() });
export type AdminPujaListResponse = v.InferOutput<typeof AdminPujaListResponse>;

/* ------------------------------------------------------------------------------------------
 * Products, stock, categories, astrologers
 * ---------------------------------------------------------------------------------------- */

const productFields = {
  name: line('Name', MAX_TITLE_LENGTH),
  description: catalogueText('Description'),
  price: rupees,
  offerPrice: rupees,
  image,
  categoryId: PositiveId(catalogueMessages.categoryInvalid),
};
export const ProductInput = v.pipe(v.object(productFields), offerWithinPrice());
export type ProductInput = v.InferOutput<typeof ProductInput>;
export type ProductDraft = v.InferInput<typeof ProductInput>;
export const ProductUpdate = v.pipe(v.object({ ...productFields, version: Version }), offerWithinPrice());
export type ProductUpdate = v.InferOutput<typeof ProductUpdate>;

/** Why a product's stock changed. Staff choose among the last three; the shop writes the others. */
export const STOCK_REASONS = ['opening', 'received', 'damaged', 'adjusted', 'order', 'cancelled'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];
export const STAFF_STOCK_REASONS = ['received', 'damaged', 'adjusted'] as const;
export type StaffStockReason = (typeof STAFF_STOCK_REASONS)[number];
export const stockReasonLabels: Record<StockReason, string> = {
  opening: 'Opening stock',
  received: 'Received',
  damaged: 'Damaged or lost',
  adjusted: 'Stock count adjusted',
  order: 'Sold',
  cancelled: 'Order cancelled (back in stock)',
};

/**
 * A stock entry staff make: received (units added), damaged (units taken) or adjusted (a count
 * correction either way, with a note saying why). `quantity` is always the number of units, 1 or
 * more; `direction` says which way an adjustment goes.
 */
export const StockEntryInput = v.pipe(
  v.object({
    reason: v.picklist(STAFF_STOCK_REASONS, catalogueMessages.stockReasonInvalid),
    quantity: wholeNumber(catalogueMessages.stockQuantityInvalid, 1, MAX_STOCK_CHANGE),
    direction: v.optional(v.picklist(['add', 'remove'], 'direction must be add or remove'), 'add'),
    note: v.optional(
      v.pipe(
        v.string('Note must be text'),
        v.trim(),
        v.maxLength(300, tooLongMessage('Note', 300)),
        v.check((value) => !FORBIDDEN_TEXT.test(value), notAllowedMessage('Note')),
      ),
      '',
    ),
  }),
  v.check((entry) => entry.reason !== 'adjusted' || entry.note !== '', catalogueMessages.stockNoteRequired),
);
export type StockEntryInput = v.InferOutput<typeof StockEntryInput>;

/** The signed change a stock entry makes: received adds, damaged takes, adjusted goes its way. */
export const stockChangeOf = (entry: StockEntryInput): number =>
  entry.reason === 'received'
    ? entry.quantity
    : entry.reason === 'damaged'
      ? -entry.quantity
      : entry.direction === 'remove'
        ? -entry.quantity
        : entry.quantity;

export const StockLedgerEntry = v.object({
  id: v.number(),
  quantity: v.number(),
  reason: v.picklist(STOCK_REASONS),
  note: v.nullable(v.string()),
  orderId: v.nullable(v.number()),
  orderNumber: v.nullable(v.string()),
  userName: v.nullable(v.string()),
  balance: v.number(),
  at: v.string(),
});
export type StockLedgerEntry = v.InferOutput<typeof StockLedgerEntry>;

export const AdminProduct = v.object({
  ...Product.entries,
  version: v.number(),
  retiredAt: v.nullable(v.string()),
  /** The newest entries of its stock ledger, newest first. */
  ledger: v.array(StockLedgerEntry),
});
export type AdminProduct = v.InferOutput<typeof AdminProduct>;
export const AdminProductResponse = v.object({ product: AdminProduct });
export type AdminProductResponse = v.InferOutput<typeof AdminProductResponse>;

export const AdminProductSummary = v.object({
  id: v.number(),
  name: v.string(),
  image: v.string(),
  price: v.number(),
  offerPrice: v.number(),
  stockQuantity: v.number(),
  category: v.string(),
  retiredAt: v.nullable(v.string()),
});
export type AdminProductSummary = v.InferOutput<typeof AdminProductSummary>;
export const AdminProductListResponse = v.object({
  products: v.array(AdminProductSummary),
  total: v.number(),
});
export type AdminProductListResponse = v.InferOutput<typeof AdminProductListResponse>;

/** Category keys are what the shop's URLs use (?category=…): lower-case words and dashes. */
export const CATEGORY_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const categoryFields = {
  name: line('Name', 60),
  category: v.pipe(
    wireText('Key must be text'),
    v.trim(),
    v.nonEmpty('Key is required'),
    v.maxLength(40, tooLongMessage('Key', 40)),
    v.regex(CATEGORY_KEY, 'The key is lower-case letters, digits and dashes (e.g. "rudraksha-malas")'),
  ),
  imgUrl: image,
};
export const CategoryInput = v.object(categoryFields);
export type CategoryInput = v.InferOutput<typeof CategoryInput>;
export const CategoryUpdate = v.object({ ...categoryFields, version: Version });
export type CategoryUpdate = v.InferOutput<typeof CategoryUpdate>;
export const AdminCategory = v.object({
  ...Category.entries,
  version: v.number(),
  /** Its products in the shop (not retired). */
  productCount: v.number(),
  retiredAt: v.nullable(v.string()),
});
export type AdminCategory = v.InferOutput<typeof AdminCategory>;
export const AdminCategoryListResponse = v.object({ categories: v.array(AdminCategory) });
export type AdminCategoryListResponse = v.InferOutput<typeof AdminCategoryListResponse>;
export const AdminCategoryResponse = v.object({ category: AdminCategory });
export type AdminCategoryResponse = v.InferOutput<typeof AdminCategoryResponse>;

const astrologerFields = {
  name: line('Name', 100),
  photo: image,
  specializations: v.pipe(
    v.array(
      v.pipe(
        v.string(),
        v.trim(),
        v.nonEmpty(),
        v.maxLength(40),
        v.check((s) => !FORBIDDEN_TEXT.test(s)),
      ),
      catalogueMessages.specializationsInvalid,
    ),
    v.minLength(1, catalogueMessages.specializationsInvalid),
    v.maxLength(10, catalogueMessages.specializationsInvalid),
  ),
  experience: wholeNumber(catalogueMessages.experienceInvalid, 0, 80),
  ratePerMinute: wholeNumber(catalogueMessages.rateInvalid, 0, 100_000),
  bio: catalogueText('Bio', { max: 2000 }),
};
export const AstrologerInput = v.object(astrologerFields);
export type AstrologerInput = v.InferOutput<typeof AstrologerInput>;
export const AstrologerUpdate = v.object({ ...astrologerFields, version: Version });
export type AstrologerUpdate = v.InferOutput<typeof AstrologerUpdate>;
export const AdminAstrologer = v.object({
  ...Astrologer.entries,
  version: v.number(),
  retiredAt: v.nullable(v.string()),
});
export type AdminAstrologer = v.InferOutput<typeof AdminAstrologer>;
export const AdminAstrologerListResponse = v.object({ astrologers: v.array(AdminAstrologer) });
export type AdminAstrologerListResponse = v.InferOutput<typeof AdminAstrologerListResponse>;
export const AdminAstrologerResponse = v.object({ astrologer: AdminAstrologer });
export type AdminAstrologerResponse = v.InferOutput<typeof AdminAstrologerResponse>;

/* ------------------------------------------------------------------------------------------
 * Lists' queries
 * ---------------------------------------------------------------------------------------- */

export const RECORD_STATES = ['active', 'retired', 'all'] as const;
export type RecordState = (typeof RECORD_STATES)[number];
const listNumber = (name: string, min: number, max: number) => {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,9}$/, message),
      v.transform(Number),
      v.minValue(min),
      v.maxValue(max, message),
    ),
  );
};
const listCommon = {
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'q must be at most 100 characters'))),
  state: v.optional(v.picklist(RECORD_STATES, `state must be one of ${RECORD_STATES.join(', ')}`)),
  limit: listNumber('limit', 1, 100),
  offset: listNumber('offset', 0, 1_000_000_000),
};
export const AdminPujaQuery = v.object({
  ...listCommon,
  when: v.optional(v.picklist(['upcoming', 'past'], 'when must be upcoming or past')),
});
export type AdminPujaQuery = v.InferOutput<typeof AdminPujaQuery>;
export const AdminProductQuery = v.object({
  ...listCommon,
  category: v.optional(
    v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/, 'category must be a category id'), v.transform(Number)),
  ),
  stock: v.optional(v.picklist(['low', 'out'], 'stock must be low or out')),
});
export type AdminProductQuery = v.InferOutput<typeof AdminProductQuery>;

/* ------------------------------------------------------------------------------------------
 * Images: sniffed, resized for their slots, served for good
 * ---------------------------------------------------------------------------------------- */

/** Where an image is shown, and the widths made for it (the largest is the one the catalogue names). */
export const IMAGE_SLOTS = {
  puja: { widths: [1200, 600], minWidth: 400, label: 'Puja image' },
  product: { widths: [900, 450], minWidth: 300, label: 'Product image' },
  category: { widths: [480, 240], minWidth: 160, label: 'Category image' },
  astrologer: { widths: [480, 240], minWidth: 160, label: 'Astrologer photo' },
} as const;
export type ImageSlot = keyof typeof IMAGE_SLOTS;
export const IMAGE_SLOT_NAMES = Object.keys(IMAGE_SLOTS) as ImageSlot[];

/** An uploaded photo (POST /api/uploads) made into a catalogue image for a slot. */
export const ImageInput = v.object({
  uploadId: v.pipe(
    wireText('uploadId must be text'),
    v.regex(/^upl_[A-Za-z0-9_-]{24}$/, 'uploadId must be an upload of this shop (upl_…)'),
  ),
  slot: v.picklist(IMAGE_SLOT_NAMES, `slot must be one of ${IMAGE_SLOT_NAMES.join(', ')}`),
});
export type ImageInput = v.InferOutput<typeof ImageInput>;

export const CatalogueImage = v.object({
  /** The largest size: what the catalogue record names. */
  url: v.string(),
  /** Every size made, smallest first. */
  sizes: v.array(v.object({ width: v.number(), url: v.string() })),
  width: v.number(),
  height: v.number(),
});
export type CatalogueImage = v.InferOutput<typeof CatalogueImage>;
export const CatalogueImageResponse = v.object({ image: CatalogueImage });
export type CatalogueImageResponse = v.InferOutput<typeof CatalogueImageResponse>;

/* ------------------------------------------------------------------------------------------
 * The temple's script: a sensible default from the place
 * ---------------------------------------------------------------------------------------- */

const SCRIPT_BY_PLACE: [RegExp, TempleScriptName][] = [
  [
    /karnataka|kollur|horanadu|subramanya|mysuru|mysore|udupi|bengaluru|sringeri|dharmasthala|gokarna/i,
    'kannada',
  ],
  [
    /tamil nadu|tiruchendur|kanchipuram|rameswaram|thirunallar|srirangam|madurai|kumbakonam|tiruvannamalai|palani|chennai|thanjavur/i,
    'tamil',
  ],
  [/andhra|telangana|srikalahasti|simhachalam|tirupati|tirumala|srisailam|hyderabad|vijayawada/i, 'telugu'],
  [/kerala|guruvayur|sabarimala|thiruvananthapuram|attukal|chottanikkara/i, 'malayalam'],
];

/** The script a temple at `place` most likely reads the sankalp in: its state's; Devanagari otherwise. */
export function scriptForPlace(place: string): TempleScriptName {
  return SCRIPT_BY_PLACE.find(([pattern]) => pattern.test(place))?.[1] ?? 'devanagari';
}
export { TEMPLE_SCRIPTS };
