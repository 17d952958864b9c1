/**
 * The shop's two date styles (docs/product-rules.md, Money and dates), en-IN, in India's time
 * zone wherever the browser is: a date, "23 Nov 2026" (`formatDate`), and a date with its time,
 * "23 Nov 2026, 6:53 pm" (`formatDateTime`). Every date on screen goes through one of them; a
 * date of birth is a date in the same style (`formatCalendarDay`).
 */
const dateParts = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' } as const;
const dateOnly = new Intl.DateTimeFormat('en-IN', dateParts);
const timeOnly = new Intl.DateTimeFormat('en-IN', {
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'Asia/Kolkata',
});

export interface DateStyle {
  /** Add the time ("6:53 pm"); on by default. Without it, the date style (`formatDate`). */
  time?: boolean;
}

const instant = (iso: string | null | undefined) => {
  const date = iso ? new Date(iso) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
};

/** A date with its time: "23 Nov 2026, 6:53 pm" (see above). Empty for a missing or invalid date. */
export function formatDateTime(iso: string | null | undefined, { time = true }: DateStyle = {}): string {
  const date = instant(iso);
  if (!date) return '';
  const day = dateOnly.format(date);
  return time ? `${day}, ${timeOnly.format(date).replace(/\s/g, ' ')}` : day;
}

/** An instant in milliseconds (a deadline the charts compute) as a date with its time. */
export const formatInstant = (ms: number): string => formatDateTime(new Date(ms).toISOString());

/** A date: "23 Nov 2026", the day in India. Empty for a missing or invalid date. */
export function formatDate(iso: string | null | undefined): string {
  return formatDateTime(iso, { time: false });
}

const calendarDay = new Intl.DateTimeFormat('en-IN', { ...dateParts, timeZone: 'UTC' });
const clockTime = new Intl.DateTimeFormat('en-IN', {
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'UTC',
});
const YYYY_MM_DD = /^(\d{4})-(\d{2})-(\d{2})$/;
const HH_MM = /^(\d{2}):(\d{2})$/;

/**
 * A calendar day with no time or zone (a date of birth, "1990-07-21") in the date style:
 * "21 Jul 1990". Read and written in UTC, so no time zone can move it to the day before.
 * Anything that is not YYYY-MM-DD comes back as it is.
 */
export function formatCalendarDay(day: string): string {
  const match = YYYY_MM_DD.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? day : calendarDay.format(date);
}

/**
 * A time of day with no date or zone (a birth time, "05:30", 24-hour) in the same style:
 * "5:30 am". Anything that is not HH:MM comes back as it is.
 */
export function formatClockTime(time: string): string {
  const match = HH_MM.exec(time);
  if (!match) return time;
  const date = new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2])));
  return Number.isNaN(date.getTime()) ? time : clockTime.format(date).replace(/\s/g, ' ');
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

/** A block of catalogue text as the customer reads it: a paragraph, or a list of items. */
export type TextBlock =
  { kind: 'paragraph'; text: string } | { kind: 'list'; ordered: boolean; items: string[] };

const LIST = /<(ul|ol)\b[^>]*>([\s\S]*?)<\/\1\s*>/gi;
const BULLET = /^\s*(?:[-*•·]|\d+[.)])\s+/;

/** Paragraphs from HTML or plain text: block breaks kept; lines starting "- " or "• " become a list. */
function textBlocks(html: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  for (const chunk of html.split(/<\/p\s*>|<\/(?:div|h[1-6]|blockquote)\s*>|\n\s*\n/i)) {
    // Single line breaks inside a chunk may carry a plain-text bullet list.
    const lines = chunk.split(/<br\s*\/?>|\n/i);
    let list: string[] = [];
    let paragraph: string[] = [];
    const flushParagraph = () => {
      const text = stripHtml(paragraph.join(' '));
      if (text) blocks.push({ kind: 'paragraph', text });
      paragraph = [];
    };
    const flushList = () => {
      if (list.length) blocks.push({ kind: 'list', ordered: false, items: list });
      list = [];
    };
    for (const line of lines) {
      const plain = stripHtml(line);
      if (BULLET.test(plain)) {
        flushParagraph();
        const item = plain.replace(BULLET, '').trim();
        if (item) list.push(item);
      } else if (plain) {
        flushList();
        paragraph.push(line);
      }
    }
    flushParagraph();
    flushList();
  }
  return blocks;
}

/**
 * Catalogue text (HTML from the back office, or plain text) as paragraphs and lists, for React
 * to render as elements: structure kept, markup never injected (docs/product-rules.md, Catalogue
 * display). Anything else (tags, entities, scripts' text as text) is reduced to plain text.
 */
export function catalogueBlocks(html: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  let last = 0;
  for (const match of html.matchAll(LIST)) {
    blocks.push(...textBlocks(html.slice(last, match.index)));
    const items = (match[2] ?? '')
      .split(/<li\b[^>]*>/i)
      .map(stripHtml)
      .filter((item) => item !== '');
    if (items.length) blocks.push({ kind: 'list', ordered: match[1]?.toLowerCase() === 'ol', items });
    last = match.index + match[0].length;
  }
  blocks.push(...textBlocks(html.slice(last)));
  return blocks;
}

/** "1 booking", "2 bookings": a count with its noun in the right number. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-IN')} ${count === 1 ? singular : plural}`;
}

/**
 * Whom a package is for, one wording on its card and in the wizard: "1 person", "up to 4 persons"
 * (a package of N takes 1 to N names, docs/product-rules.md, Persons).
 */
export const packagePersons = (noPersons: number): string =>
  noPersons === 1 ? '1 person' : `up to ${noPersons.toLocaleString('en-IN')} persons`;
