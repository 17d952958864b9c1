/** India Standard Time is UTC+05:30 all year (no daylight saving). */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The customer-facing order number: `DPS-<date in India, YYYYMMDD>-<id, 6+ digits>`. */
export function orderNumber(id: number, createdAt: Date): string {
  const day = new Date(createdAt.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
  return `DPS-${day}-${String(id).padStart(6, '0')}`;
}
