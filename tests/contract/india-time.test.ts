/**
 * India's clock (contract/india-time.ts): days turn at 18:30 UTC, whatever this machine's zone
 * (CI runs this file under UTC and again under Asia/Kolkata, docs/decisions/0065).
 */
import {
  dayAfter,
  fromIndiaDateTimeText,
  indiaDateTimeText,
  indiaDay,
  indiaDayStart,
} from '../../contract/india-time.ts';

it('names the day in India: a new day begins at 18:30 UTC', () => {
  expect(indiaDay('2026-11-27T18:29:59.999Z')).toBe('2026-11-27');
  expect(indiaDay('2026-11-27T18:30:00.000Z')).toBe('2026-11-28');
  expect(indiaDay(new Date('2026-12-31T20:00:00Z'))).toBe('2027-01-01');
  expect(indiaDay(Date.parse('2026-11-27T00:00:00Z'))).toBe('2026-11-27');
});

it('starts India’s day at its midnight, and counts days from it', () => {
  expect(indiaDayStart('2026-11-28')).toBe('2026-11-27T18:30:00.000Z');
  expect(indiaDayStart('2026-11-28', 1)).toBe('2026-11-28T18:30:00.000Z');
  expect(indiaDayStart('2026-03-01', -1)).toBe('2026-02-27T18:30:00.000Z');
  expect(dayAfter('2026-02-28', 1)).toBe('2026-03-01');
  expect(dayAfter('2028-03-01', -1)).toBe('2028-02-29');
});

it('writes an instant as India’s date and time to the minute, and reads it back', () => {
  expect(indiaDateTimeText('2026-11-27T12:30:00.000Z')).toBe('2026-11-27T18:00');
  expect(fromIndiaDateTimeText('2026-11-28T06:00')).toBe('2026-11-28T00:30:00.000Z');
  const at = '2027-01-26T03:45:00.000Z';
  expect(fromIndiaDateTimeText(indiaDateTimeText(at))).toBe(at);
});
