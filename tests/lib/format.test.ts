import { formatLongDate, formatOrderDate, stripHtml, truncate } from '../../src/lib/format.ts';
import { normaliseStartDates } from '../../src/lib/catalogue.ts';
import { imageUrl } from '../../src/lib/config.ts';
import type { Puja } from '../../contract/catalogue.ts';

describe('formatting', () => {
  it('formats puja dates as long month, day, year and blanks invalid ones', () => {
    expect(formatLongDate('2026-11-24T10:00:00.000Z')).toBe('November 24, 2026');
    expect(formatLongDate(null)).toBe('');
    expect(formatLongDate('not a date')).toBe('');
  });

  it('formats order dates in en-IN, in India time, and blanks invalid ones', () => {
    // 10:15 UTC is 3:45 pm in India; ICU versions differ only in the joining word.
    expect(formatOrderDate('2026-11-21T10:15:00.000Z')).toMatch(/^21 November 2026(,| at) 3:45\s?pm$/i);
    expect(formatOrderDate('2026-11-21T20:00:00.000Z')).toMatch(/^22 November 2026/);
    expect(formatOrderDate(undefined)).toBe('');
    expect(formatOrderDate('yesterday')).toBe('');
  });

  it('strips markup and entities, collapsing whitespace', () => {
    expect(stripHtml('<p>Abhishekam of Lord&nbsp;Shiva</p><ul><li>milk &amp; honey</li></ul>')).toBe(
      'Abhishekam of Lord Shiva milk & honey',
    );
    expect(stripHtml('Blessings of <strong>Kubera</strong>, lord of wealth')).toBe(
      'Blessings of Kubera, lord of wealth',
    );
  });

  it('cuts text to the limit and adds "..." only when cut', () => {
    expect(truncate('a'.repeat(100), 100)).toBe('a'.repeat(100));
    expect(truncate('a'.repeat(101), 100)).toBe(`${'a'.repeat(100)}...`);
  });

  it('prefixes relative image paths with the API base', () => {
    expect(imageUrl('/images/pujas/x.svg')).toBe('/images/pujas/x.svg');
    expect(imageUrl('images/pujas/x.svg')).toBe('/images/pujas/x.svg');
    expect(imageUrl('https://cdn.example/x.svg')).toBe('https://cdn.example/x.svg');
    expect(imageUrl(null)).toBe('');
  });
});

describe('puja start dates', () => {
  const puja = { id: 1, startDate: null } as unknown as Puja;
  it('defaults a missing or invalid startDate to 5 days from now and keeps valid ones', () => {
    const now = Date.parse('2026-11-21T00:00:00.000Z');
    const [missing, invalid, valid] = normaliseStartDates(
      [puja, { ...puja, startDate: 'soon' }, { ...puja, startDate: '2026-12-01T00:00:00.000Z' }],
      now,
    );
    expect(missing?.startDate).toBe('2026-11-26T00:00:00.000Z');
    expect(invalid?.startDate).toBe('2026-11-26T00:00:00.000Z');
    expect(valid?.startDate).toBe('2026-12-01T00:00:00.000Z');
  });
});
