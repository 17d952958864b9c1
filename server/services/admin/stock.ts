import type { AdminProduct } from '../../../contract/admin/products.ts';
import { stockChangeOf, stockReasonLabels, type StockEntryInput } from '../../../contract/admin/stock.ts';
import { catalogueMessages } from '../../../contract/admin/catalogue-fields.ts';
import { findProductForStaff } from '../../db/repositories/admin/products.ts';
import { changeStock } from '../../db/repositories/stock-ledger.ts';
import { Refusal } from '../refusal.ts';
import { type Deps, notFound, staffWrite } from './records.ts';

/** A stock entry: received, damaged or adjusted; never below 0 (one conditional UPDATE). */
export function recordStock(deps: Deps, productId: number, entry: StockEntryInput): Promise<AdminProduct> {
  return staffWrite(deps, async (trx, audited) => {
    const before = (await findProductForStaff(trx, productId)) ?? notFound('Product');
    const quantity = stockChangeOf(entry);
    const balance = await changeStock(trx, {
      productId,
      quantity,
      reason: entry.reason,
      note: entry.note || null,
      userId: deps.actor.id,
      at: deps.now.toISOString(),
    });
    if (balance === undefined)
      throw new Refusal('stock_below_zero', catalogueMessages.stockBelowZero(before.stockQuantity));
    const after = (await findProductForStaff(trx, productId))!;
    await audited({
      action: 'stock.entry',
      entity: 'stock',
      entityId: productId,
      summary: `${stockReasonLabels[entry.reason]}: ${quantity > 0 ? '+' : ''}${quantity} of “${before.name}” (stock ${before.stockQuantity} → ${balance})${entry.note ? `: ${entry.note}` : ''}`,
      before: { stockQuantity: before.stockQuantity },
      after: { stockQuantity: balance, quantity, reason: entry.reason, note: entry.note || null },
    });
    return after;
  });
}
