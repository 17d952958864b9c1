import type { ReactNode } from 'react';
import './status-pill.css';

export type StatusTone = 'green' | 'red' | 'yellow' | 'neutral';

/** docs/product-rules.md, Money and dates: payment completed is green, failed red, anything else yellow. */
export function paymentStatusTone(status: string): StatusTone {
  if (status === 'completed') return 'green';
  if (status === 'failed') return 'red';
  return 'yellow';
}

/** A status word in a coloured pill; the word is always there, so colour is never the only signal. */
export function StatusPill({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return <span className={`status-pill status-pill--${tone}`}>{children}</span>;
}
