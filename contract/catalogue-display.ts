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

/** The stock badge on product cards and pages, or undefined when stock is comfortable. */
export function stockBadge(stockQuantity: number): string | undefined {
  if (stockQuantity <= 0) return 'Out of Stock';
  if (stockQuantity <= LOW_STOCK_LIMIT) return `Only ${stockQuantity} left`;
  return undefined;
}
