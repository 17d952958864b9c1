const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
/** Orders are placed in India: their time is shown in India's time zone wherever the browser is. */
const orderDate = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

/** Long month, day, year: "November 24, 2026". Empty for a missing or invalid date. */
export function formatLongDate(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : undefined;
  return date && !Number.isNaN(date.getTime()) ? longDate.format(date) : '';
}

/** An order's date in the en-IN locale (docs/product-rules.md, Money and dates): "21 November 2026 at 3:45 pm". Empty if invalid. */
export function formatOrderDate(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : undefined;
  return date && !Number.isNaN(date.getTime()) ? orderDate.format(date) : '';
}

const entities: Record<string, string> = {
  nbsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  '#39': "'",
};

/** Plain text from catalogue HTML: tags and entities (&nbsp; included) removed, spaces collapsed. */
export function stripHtml(html: string): string {
  return (
    html
      // Block-level tags separate words; inline tags (<strong>, <em>) must not add a space before punctuation.
      .replace(/<\/?(?:p|div|br|li|ul|ol|h[1-6]|tr|td|blockquote)\b[^>]*>/gi, ' ')
      .replace(/<[^>]*>/g, '')
      .replace(/&(#?\w+);/g, (match, name: string) => entities[name.toLowerCase()] ?? match)
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Cuts text to `limit` characters and adds "..." when anything was cut. */
export function truncate(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit)}...` : text;
}
