import {
  countOf,
  formatCalendarDay,
  formatClockTime,
  formatDate,
  formatDateTime,
  catalogueBlocks,
  stripHtml,
  truncate,
} from '../../src/lib/format.ts';
import { normaliseStartDates } from '../../src/lib/catalogue.ts';
import { imageUrl } from '../../src/lib/config.ts';
import type { Puja } from '../../contract/catalogue.ts';

describe('formatting', () => {
  it('formats every date in one en-IN style, in India time: "23 Nov 2026, 6:53 pm"', () => {
    // 13:23 UTC is 6:53 pm in India.
    expect(formatDateTime('2026-11-23T13:23:00.000Z')).toBe('23 Nov 2026, 6:53 pm');
    expect(formatDateTime('2026-11-23T20:00:00.000Z')).toBe('24 Nov 2026, 1:30 am');
    expect(formatDateTime('2026-11-23T13:23:00.000Z', { time: false })).toBe('23 Nov 2026');
    // Two styles only, a date and a date with its time (issue 23, item 13): a puja's date has no
    // weekday of its own.
    expect(formatDate('2026-11-23T13:23:00.000Z')).toBe('23 Nov 2026');
    expect(formatDate('2026-11-23T20:00:00.000Z')).toBe('24 Nov 2026');
    expect(formatDateTime('2026-11-21T10:15:00.000Z')).toBe('21 Nov 2026, 3:45 pm');
    expect(formatDateTime('2026-11-24T10:00:00.000Z')).toBe('24 Nov 2026, 3:30 pm');
    for (const bad of [null, undefined, 'not a date', 'yesterday']) {
      expect(formatDateTime(bad)).toBe('');
      expect(formatDate(bad)).toBe('');
    }
  });

  it('formats a calendar day and a time of day (a birth date and time) in the same style, never moved by a zone', () => {
    expect(formatCalendarDay('1990-07-21')).toBe('21 Jul 1990');
    expect(formatCalendarDay('2000-01-01')).toBe('1 Jan 2000');
    expect(formatClockTime('05:30')).toBe('5:30 am');
    expect(formatClockTime('17:05')).toBe('5:05 pm');
    expect(formatClockTime('00:00')).toBe('12:00 am');
    expect(formatClockTime('12:00')).toBe('12:00 pm');
    // Not the expected shape: shown as stored rather than hidden.
    expect(formatCalendarDay('21/07/1990')).toBe('21/07/1990');
    expect(formatClockTime('5.30')).toBe('5.30');
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

describe('catalogueBlocks: paragraphs and lists, as text', () => {
  it('keeps paragraphs and HTML lists, strips tags and entities', () => {
    expect(
      catalogueBlocks(
        '<p>Abhishekam of Lord&nbsp;Shiva.</p><p>It brings:</p><ul><li>peace &amp; <b>health</b></li><li>prosperity</li></ul><ol><li>first</li></ol><p>Om</p>',
      ),
    ).toEqual([
      { kind: 'paragraph', text: 'Abhishekam of Lord Shiva.' },
      { kind: 'paragraph', text: 'It brings:' },
      { kind: 'list', ordered: false, items: ['peace & health', 'prosperity'] },
      { kind: 'list', ordered: true, items: ['first'] },
      { kind: 'paragraph', text: 'Om' },
    ]);
  });

  it('reads plain text: blank lines part paragraphs, "- " and "• " lines make a list', () => {
    expect(catalogueBlocks('First para\nstill first.\n\nBenefits:\n- calm\n• focus\n\nLast')).toEqual([
      { kind: 'paragraph', text: 'First para still first.' },
      { kind: 'paragraph', text: 'Benefits:' },
      { kind: 'list', ordered: false, items: ['calm', 'focus'] },
      { kind: 'paragraph', text: 'Last' },
    ]);
  });

  it('never passes markup through: a script becomes inert text or nothing', () => {
    const blocks = catalogueBlocks('<p>Hi<script>alert(1)</script><img src=x onerror=alert(2)></p>');
    expect(JSON.stringify(blocks)).not.toContain('<');
  });
});

describe('countOf', () => {
  it('puts the noun in the right number ("1 photo", "2 bookings", "0 bookings")', () => {
    expect(countOf(1, 'photo')).toBe('1 photo');
    expect(countOf(2, 'booking')).toBe('2 bookings');
    expect(countOf(0, 'booking')).toBe('0 bookings');
    expect(countOf(1, 'person', 'persons')).toBe('1 person');
    expect(countOf(12345, 'item')).toBe('12,345 items');
  });
});
