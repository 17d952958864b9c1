import { indiaDateTimeText } from '../../contract/india-time.ts';
/**
 * CSV for the back office's exports (RFC 4180, UTF-8 with a byte-order mark so spreadsheet
 * programs read the rupee sign and Indian names right). A cell that a spreadsheet would run as a
 * formula (=, +, -, @, tab, carriage return first) is prefixed with an apostrophe: a customer's
 * name must never become a formula on a staff member's computer.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n']/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** An instant as India's date and time, "2026-11-28 18:30" (sorts as text, reads as IST). */
export function indiaDateTime(iso: string): string {
  return indiaDateTimeText(iso).replace('T', ' ');
}
