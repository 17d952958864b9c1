import type { ReactNode } from 'react';
import { formatDateTime } from '../lib/format.ts';

/** One fact in a list of facts (`<dl>`): its term, then what it is. */
export function Fact({
  term,
  className,
  children,
}: {
  term: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <dt>{term}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}

/** A date and time in the shop's style, as a `<time>` that machines can read. */
export function Instant({ at, className }: { at: string; className?: string }) {
  return (
    <time className={className} dateTime={at}>
      {formatDateTime(at)}
    </time>
  );
}
