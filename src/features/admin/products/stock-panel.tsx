import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { AdminProduct } from '../../../../contract/admin/products.ts';
import { STAFF_STOCK_REASONS, stockReasonLabels } from '../../../../contract/admin/stock.ts';
import { selectRecord } from '../../../../machines/admin-edit/admin-edit.selectors.ts';
import { liveRecordMachine, useStaffRecord, type EditRef } from '../../../live/admin.ts';
import {
  fetchStaffProduct,
  recordStock,
  retireStaffProduct,
  type StockEntryRequest,
} from '../../../lib/admin/products.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { ActionDialog, formText } from '../../../ui/after-sale/action-dialog.tsx';
import { rebasingFormOn } from '../parts/edit-frame.tsx';
import { RetireButton, RetireDialog } from '../parts/retire-panel.tsx';
import { TableHead } from '../parts/list-parts.tsx';

type StockStep = 'stock.entry' | 'product.retire' | 'product.restore';
type StockRequest =
  | { type: 'stock.entry'; entry: StockEntryRequest }
  | { type: 'retire' | 'restore'; version: number | undefined };

/** A product's stock ledger and its steps: an entry in it, or retiring and restoring the product. */
const stockMachine = liveRecordMachine(
  fetchStaffProduct,
  (id, _step: StockStep, request: StockRequest, signal) =>
    request.type === 'stock.entry'
      ? recordStock(id, request.entry, signal)
      : retireStaffProduct(id, request.type === 'retire', request.version, signal),
);

export function StockPanel({ id, dirty, edit }: { id: number; dirty: boolean; edit: EditRef<AdminProduct> }) {
  const page = useStaffRecord(stockMachine, id, rebasingFormOn<AdminProduct>(edit));
  // Retire and restore send the version the form holds: it follows its saves and these steps.
  const formVersion = useSelector(edit, selectRecord)?.version;
  const { record: product, action, error, sending, done, close } = page;
  const [reason, setReason] = useState<string>('received');
  if (!product) return null;
  return (
    <>
      <section className="bo-panel" aria-labelledby="stock-title">
        <div className="bo-head">
          <div>
            <h2 id="stock-title">Stock: {product.stockQuantity}</h2>
            <p className="bo-muted">Every change is an entry below; the stock is their sum.</p>
          </div>
          <button type="button" className="button button--primary" onClick={() => page.open('stock.entry')}>
            Receive or adjust stock
          </button>
        </div>
        {done === 'stock.entry' && (
          <p className="bo-notice" role="status">
            Stock updated: {product.stockQuantity} now.
          </p>
        )}
        <table className="bo-table">
          <caption className="visually-hidden">Stock ledger</caption>
          <TableHead
            columns={[
              'When',
              'What',
              { label: 'Change', num: true },
              { label: 'Stock after', num: true },
              'Who',
            ]}
          />
          <tbody>
            {product.ledger.map((entry) => (
              <tr key={entry.id}>
                <td>{formatDateTime(entry.at)}</td>
                <td>
                  {stockReasonLabels[entry.reason]}
                  {entry.orderNumber && <div className="bo-muted">{entry.orderNumber}</div>}
                  {entry.note && <div className="bo-muted">{entry.note}</div>}
                </td>
                <td className="num">{entry.quantity > 0 ? `+${entry.quantity}` : entry.quantity}</td>
                <td className="num">{entry.balance}</td>
                <td>{entry.userName ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="bo-actions" style={{ marginTop: 16 }}>
          <RetireButton
            retired={product.retiredAt !== null}
            dirty={dirty}
            onOpen={() => page.open(product.retiredAt ? 'product.restore' : 'product.retire')}
          />
        </div>
      </section>
      <ActionDialog
        open={action === 'stock.entry'}
        title="Receive or adjust stock"
        description={`${product.name}: ${product.stockQuantity} in stock now.`}
        submitLabel="Record"
        busyLabel="Recording..."
        error={action === 'stock.entry' ? error : undefined}
        busy={sending}
        onSubmit={(form) =>
          page.submit({
            type: 'stock.entry',
            entry: {
              reason: formText(form, 'reason'),
              quantity: Number(formText(form, 'quantity')),
              direction: formText(form, 'direction') || 'add',
              note: formText(form, 'note'),
            },
          })
        }
        onClose={close}
      >
        <div className="field">
          <label htmlFor="stock-reason">What happened</label>
          <select
            id="stock-reason"
            name="reason"
            className="select"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          >
            {STAFF_STOCK_REASONS.map((r) => (
              <option key={r} value={r}>
                {stockReasonLabels[r]}
              </option>
            ))}
          </select>
        </div>
        {reason === 'adjusted' && (
          <div className="field">
            <label htmlFor="stock-direction">The count is</label>
            <select id="stock-direction" name="direction" className="select">
              <option value="add">Higher: add units</option>
              <option value="remove">Lower: take units off</option>
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor="stock-quantity">Units</label>
          <input
            id="stock-quantity"
            name="quantity"
            className="input"
            type="number"
            min={1}
            step={1}
            required
          />
        </div>
        <div className="field">
          <label htmlFor="stock-note">{reason === 'adjusted' ? 'Why (required)' : 'Note (optional)'}</label>
          <input id="stock-note" name="note" className="input" />
        </div>
      </ActionDialog>
      <RetireDialog
        step={action === 'product.retire' ? 'retire' : action === 'product.restore' ? 'restore' : null}
        noun="product"
        retireText="It leaves the shop; carts holding it are told when they are next checked."
        restoreText="It is back in the shop."
        error={error}
        busy={sending}
        onSubmit={() =>
          page.submit({ type: action === 'product.retire' ? 'retire' : 'restore', version: formVersion })
        }
        onClose={close}
      />
    </>
  );
}
