import { actorLabels, timelineLabels, type TimelineEntry } from '../../../contract/lifecycle.ts';
import { formatRupees } from '../../../contract/money.ts';
import { formatDateTime } from '../../lib/format.ts';

/** What a step carried, in words: the carrier and tracking number, a new date, a refund. */
function details(entry: TimelineEntry): string | null {
  const data = entry.data ?? {};
  const text = (key: string) => (typeof data[key] === 'string' ? data[key] : undefined);
  if (text('trackingNumber')) return `${text('carrier') ?? ''} ${text('trackingNumber')}`.trim();
  if (entry.event === 'booking.reschedule' && text('to'))
    return `New date: ${formatDateTime(text('to'))}`;
  if (entry.event === 'refund.completed' && typeof data.amount === 'number')
    return `${formatRupees(data.amount)} back to your original payment method${text('reference') ? ` (reference ${text('reference')})` : ''}`;
  if (entry.event === 'refund.completed' && text('reference')) return `Reference ${text('reference')}`;
  return null;
}

/**
 * The life of an order or a booking, oldest step first, from its stored steps
 * (docs/product-rules.md, Orders and bookings after the sale): what happened, when (en-IN, India
 * time), who did it, and the reason or note given.
 */
export function Timeline({ entries }: { entries: readonly TimelineEntry[] }) {
  return (
    <ol className="timeline" aria-label="Timeline">
      {entries.map((entry) => {
        const more = details(entry);
        return (
          <li key={entry.id} className="timeline__step">
            <span className="timeline__label">{timelineLabels[entry.event] ?? entry.event}</span>
            <span className="timeline__meta">
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · {actorLabels[entry.by]}
            </span>
            {entry.note && <span className="timeline__note">{entry.note}</span>}
            {more && <span className="timeline__note">{more}</span>}
          </li>
        );
      })}
    </ol>
  );
}
