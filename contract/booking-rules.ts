/** Business constants from SPEC.md section 9 that both sides rely on. */
export const STARTING_SOON_DAYS = 7;
export const DEFAULT_START_DAYS_AHEAD = 5;
export const COUNTDOWN_TICK_MS = 1000;
export const PUJA_CARD_DESCRIPTION_CUT = 100;
export const PRODUCT_SHORT_DESCRIPTION_CUT = 150;
export const HOME_PRODUCTS = 4;
export const HOME_PUJAS = 6;
export const HOME_ASTROLOGERS = 12;
export const PRODUCT_PRICE_MIN = 0;
export const PRODUCT_PRICE_MAX = 10000;
export const LOW_STOCK_LIMIT = 5;
