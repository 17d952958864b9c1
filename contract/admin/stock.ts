import * as v from 'valibot';
import { FORBIDDEN_TEXT, notAllowedMessage, tooLongMessage } from '../text.ts';
import { catalogueMessages, MAX_STOCK_CHANGE, wholeNumber } from './catalogue-fields.ts';

/**
 * A product's stock in the back office (docs/product-rules.md, Roles and the back office): every
 * change is a ledger entry with its reason.
 *
 *   POST /api/admin/products/{id}/stock StockEntryInput -> 201 AdminProductResponse
 */

/** Why a product's stock changed. Staff choose among the last three; the shop writes the others. */
export const STOCK_REASONS = ['opening', 'received', 'damaged', 'adjusted', 'order', 'cancelled'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];
export const STAFF_STOCK_REASONS = ['received', 'damaged', 'adjusted'] as const;
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
