import { indiaDay } from '../../contract/india-time.ts';

/** `<prefix>-<date in India, YYYYMMDD>-<id, 6+ digits>`. */
function referenceNumber(prefix: string, id: number, createdAt: Date): string {
  const day = indiaDay(createdAt).replaceAll('-', '');
  return `${prefix}-${day}-${String(id).padStart(6, '0')}`;
}

/** The customer-facing order number, e.g. DPS-20261121-000123. */
export function orderNumber(id: number, createdAt: Date): string {
  return referenceNumber('DPS', id, createdAt);
}

/** The customer-facing puja booking number, e.g. PUJ-20261122-000007. */
export function bookingNumber(id: number, createdAt: Date): string {
  return referenceNumber('PUJ', id, createdAt);
}
