/**
 * How the catalogue is shown: the puja list's "Starting soon" window, countdown ticks, text cuts,
 * how many items the home page shows, the product list's price filter bounds and the low-stock
 * badge (docs/product-rules.md, Catalogue display; Booking window and countdowns).
 */
export const STARTING_SOON_DAYS = 7;
export const DEFAULT_START_DAYS_AHEAD = 5;
export const COUNTDOWN_TICK_MS = 1000;
export const PUJA_CARD_DESCRIPTION_CUT = 100;
export const PRODUCT_SHORT_DESCRIPTION_CUT = 150;
export const HOME_PRODUCTS = 4;
export const HOME_PUJAS = 6;
export const HOME_ASTROLOGERS = 12;
export const PRODUCT_PRICE_MIN = 0;
export const LOW_STOCK_LIMIT = 5;

/** A puja date's places left are shown from this many down (docs/product-rules.md, Places at the temple). */
export const PLACES_SHOWN_FROM = 20;

/** The places left on a puja card and page, or undefined when unlimited or plenty: always the server's true count. */
export function placesBadge(placesLeft: number | null): string | undefined {
  if (placesLeft === null || placesLeft > PLACES_SHOWN_FROM) return undefined;
  if (placesLeft <= 0) return 'Fully booked';
  return placesLeft === 1 ? '1 place left' : `${placesLeft} places left`;
}

/** The stock badge on product cards and pages, or undefined when stock is comfortable. */
export function stockBadge(stockQuantity: number): string | undefined {
  if (stockQuantity <= 0) return 'Out of Stock';
  if (stockQuantity <= LOW_STOCK_LIMIT) return `Only ${stockQuantity} left`;
  return undefined;
}

/**
 * What a devotee receives for a booked puja, and how many days after the puja date each takes
 * (docs/product-rules.md, Catalogue display): shown as "What you receive" on the puja page.
 */
export const PUJA_DELIVERABLES = [
  {
    item: 'Proof of the puja',
    detail: 'Photos and a video of your sankalpam and the puja, on your booking’s page in My Account.',
    minDays: 1,
    maxDays: 3,
  },
  {
    item: 'Prasad',
    detail: 'The blessed prasadam, kumkum and a sacred thread, delivered to your address.',
    minDays: 7,
    maxDays: 10,
  },
] as const satisfies ReadonlyArray<{ item: string; detail: string; minDays: number; maxDays: number }>;

/**
 * The product and puja lists ask the server for this many cards, then "Show more" asks for as
 * many again: a page fills a phone's screen a few times over, and a catalogue of thousands never
 * travels, renders or ticks at once (docs/perf.md).
 */
export const LIST_PAGE_SIZE = 24;
