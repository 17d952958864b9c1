import { sql } from 'kysely';
import type { StockLedgerEntry, StockReason } from '../../../contract/admin/stock.ts';
import type { Db } from '../client.ts';

/**
 * A product's stock as a ledger (docs/decisions/0033-stock-is-a-ledger.md): every change is an
 * entry (quantity, reason, order, who, when, the stock after it) and `product.stock_quantity` is
 * their running sum, moved in the same transaction by one conditional UPDATE, which is also what
 * keeps two buyers from taking the last unit twice. Data access only.
 */

export interface StockMovement {
  productId: number;
  /** Units added (positive) or taken (negative). */
  quantity: number;
  reason: StockReason;
  note?: string | null;
  orderId?: number | null;
  userId?: number | null;
  at: string;
}

/**
 * Moves the product's stock by `quantity` with ONE conditional UPDATE (never below 0), answering
 * the stock after it, or undefined when there is not enough (or no such product). Write the
 * ledger entry with the answer (`insertLedgerEntry`) in the same transaction.
 */
export async function moveStock(db: Db, productId: number, quantity: number): Promise<number | undefined> {
  const row = await db
    .updateTable('product')
    .set((eb) => ({ stockQuantity: eb('stockQuantity', '+', quantity) }))
    .where('id', '=', productId)
    .where((eb) => eb(eb('stockQuantity', '+', quantity), '>=', 0))
    .returning('stockQuantity')
    .executeTakeFirst();
  return row?.stockQuantity;
}

export async function insertLedgerEntry(
  db: Db,
  movement: StockMovement & { balance: number },
): Promise<void> {
  await db
    .insertInto('stockLedger')
    .values({
      productId: movement.productId,
      quantity: movement.quantity,
      reason: movement.reason,
      note: movement.note ?? null,
      orderId: movement.orderId ?? null,
      userId: movement.userId ?? null,
      balance: movement.balance,
      at: movement.at,
    })
    .execute();
}

/** Moves the stock and writes its entry (call inside a transaction); undefined when it would go below 0. */
export async function changeStock(db: Db, movement: StockMovement): Promise<number | undefined> {
  if (movement.quantity === 0) return undefined;
  const balance = await moveStock(db, movement.productId, movement.quantity);
  if (balance === undefined) return undefined;
  await insertLedgerEntry(db, { ...movement, balance });
  return balance;
}

/** The first entry of a product created with `stock` units already on its row. */
export async function openStock(db: Db, productId: number, stock: number, at: string): Promise<void> {
  if (stock === 0) return;
  await insertLedgerEntry(db, { productId, quantity: stock, reason: 'opening', balance: stock, at });
}

/** A product's newest entries, newest first, with the order's number and who made them. */
export async function listLedger(db: Db, productId: number, limit = 50): Promise<StockLedgerEntry[]> {
  const rows = await db
    .selectFrom('stockLedger')
    .leftJoin('orders', 'orders.id', 'stockLedger.orderId')
    .leftJoin('users', 'users.id', 'stockLedger.userId')
    .select([
      'stockLedger.id',
      'stockLedger.quantity',
      'stockLedger.reason',
      'stockLedger.note',
      'stockLedger.orderId',
      'orders.orderNumber',
      'users.name as userName',
      'stockLedger.balance',
      'stockLedger.at',
    ])
    .where('stockLedger.productId', '=', productId)
    .orderBy('stockLedger.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...row,
    orderNumber: row.orderNumber ?? null,
    userName: row.userName ?? null,
  }));
}

/** Products whose stock is not the sum of their ledger (none, unless something wrote around it). */
export async function unbalancedStock(
  db: Db,
): Promise<{ productId: number; stock: number; ledger: number }[]> {
  const { rows } = await sql<{ productId: number; stock: number; ledger: number | string }>`
    select p.id as product_id, p.stock_quantity as stock, coalesce(sum(l.quantity), 0) as ledger
    from product p left join stock_ledger l on l.product_id = p.id
    group by p.id, p.stock_quantity
    having p.stock_quantity <> coalesce(sum(l.quantity), 0)
    order by p.id`.execute(db);
  return rows.map((row) => ({ productId: row.productId, stock: row.stock, ledger: Number(row.ledger) }));
}
