import { PRICE_CHANGED_CODE } from '../../contract/payments.ts';
import { refusalMessages, type FixedRefusalCode } from '../../contract/refusal-messages.ts';
import type { RefusalCode } from '../../contract/refusal.ts';

/**
 * A rule said no: what to tell the customer and a machine-readable code, never an HTTP status
 * (routes map codes to statuses in routes/refusal-status.ts). Thrown inside a write's
 * transaction it also rolls the write back.
 */
export class Refusal extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
    /** Set when a captured payment was refunded because of this refusal. */
    readonly refunded?: { paymentId: string; amount: number },
  ) {
    super(message);
    this.name = 'Refusal';
  }

  /** A refusal told in its code's one message (contract/refusal-messages.ts). */
  static of(code: FixedRefusalCode): Refusal {
    return new Refusal(code, refusalMessages[code]);
  }
}

/**
 * A save made from an older version of a record (docs/decisions/0034-edits-carry-the-version-they-started-from.md):
 * answered 409 `edit_conflict` with the record as it is now, so the editor can see what changed.
 */
export class EditConflict extends Refusal {
  constructor(
    message: string,
    readonly current: unknown,
  ) {
    super('edit_conflict', message);
    this.name = 'EditConflict';
  }
}

/**
 * The total the client agreed to is not the server's (docs/product-rules.md, Payments): answered
 * 409 `price_changed` with the server's `total`, so the customer is shown it before agreeing.
 */
export class PriceChanged extends Refusal {
  constructor(
    message: string,
    readonly total: number,
    refunded?: { paymentId: string; amount: number },
  ) {
    super(PRICE_CHANGED_CODE, message, refunded);
    this.name = 'PriceChanged';
  }
}
