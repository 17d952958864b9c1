/** India Standard Time is UTC+05:30 all year (no daylight saving). */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** `<prefix>-<date in India, YYYYMMDD>-<id, 6+ digits>`. */
function referenceNumber(prefix: string, id: number, createdAt: Date): string {
  const day = new Date(createdAt.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
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
