import { trackingUrl } from '../../../contract/carriers.ts';

/**
 * "Track your parcel": the courier's own tracking page for this number, for a courier on the
 * shop's list (contract/carriers.ts). Nothing for a courier typed under "Other".
 */
export function TrackParcel({ carrier, trackingNumber }: { carrier: string; trackingNumber: string }) {
  const url = trackingUrl(carrier, trackingNumber);
  if (!url) return null;
  return (
    <p>
      <a href={url} target="_blank" rel="noopener noreferrer" className="button">
        {/* The space stays outside the hidden span, whose own leading space a browser drops. */}
        Track your parcel{' '}
        <span className="visually-hidden">on {carrier}&rsquo;s site (opens in a new tab)</span>
      </a>
    </p>
  );
}
