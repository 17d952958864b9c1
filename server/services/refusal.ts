/**
 * A rule said no: what to tell the customer and a machine-readable code, never an HTTP status
 * (routes map codes to statuses in routes/refusal-status.ts). Thrown inside a write's
 * transaction it also rolls the write back.
 */
export class Refusal extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** Set when a captured payment was refunded because of this refusal. */
    readonly refunded?: { paymentId: string; amount: number },
  ) {
    super(message);
    this.name = 'Refusal';
  }
}
