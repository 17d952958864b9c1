/**
 * The raashi and nakshatra from birth details (docs/product-rules.md, Raashi and nakshatra from
 * birth details): astronomy-engine and the Lahiri ayanamsa, checked against a second,
 * independent panchang library (mhah-panchang, with its own lunar theory and its own Lahiri
 * formula) over a century of dates, and the public API that offers it: from a date and time, and
 * from the date alone when the time is not known.
 */
import { MhahPanchang } from 'mhah-panchang';
import * as v from 'valibot';
import {
  BirthDayStar,
  BirthStar,
  DEFAULT_BIRTH_TIME_ZONE,
  BIRTH_TIME_ZONES,
} from '../../contract/birth-star.ts';
import { bookingMessages } from '../../contract/booking.ts';
import { NAKSHATRA_OPTIONS, RAASHI_OPTIONS } from '../../contract/raashi-nakshatra.ts';
import {
  birthStarAt,
  BOUNDARY_MARGIN_ARCMIN,
  lahiriAyanamsa,
  moonSiderealLongitude,
  zonedInstant,
} from '../../server/services/birth-star.ts';
import { call } from '../support/accounts.ts';
import { createTestShop } from '../support/test-db.ts';
import { shopPerFile } from '../support/prelude.ts';

const NAKSHATRA_SPAN = 360 / 27;
const HOUR = 3600_000;

/* ------------------------------------------------------------------------------------------
 * The second library
 * ---------------------------------------------------------------------------------------- */

const mhah = new MhahPanchang();
/** mhah-panchang's nakshatra and raashi (0-based, Ashwini and Mesha first) at an instant. */
const theirs = (ms: number) => {
  const day = mhah.calculate(new Date(ms)) as { Nakshatra: { ino: number }; Raasi: { ino: number } };
  return { nakshatra: day.Nakshatra.ino, raashi: day.Raasi.ino };
};

/**
 * The instant (to half a second) after `from` at which mhah-panchang's division changes: its
 * own boundary crossing, found by stepping and bisecting on its public answer alone.
 */
function theirCrossing(from: number, which: 'nakshatra' | 'raashi'): { at: number; boundary: number } {
  const start = theirs(from)[which];
  let [before, after] = [from, from + HOUR];
  while (theirs(after)[which] === start) [before, after] = [after, after + HOUR];
  while (after - before > 500) {
    const middle = (before + after) / 2;
    if (theirs(middle)[which] === start) before = middle;
    else after = middle;
  }
  const span = which === 'nakshatra' ? NAKSHATRA_SPAN : 30;
  const count = which === 'nakshatra' ? 27 : 12;
  return { at: after, boundary: ((start + 1) % count) * span };
}

/** Signed difference a - b of two longitudes in arc-minutes, across 0°/360°. */
const arcminutes = (a: number, b: number) => (((((a - b + 540) % 360) + 360) % 360) - 180) * 60;

/** A fixed pseudo-random sequence, so the run is the same every time. */
function sequence(seed: number) {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

const CENTURY = { from: Date.UTC(1925, 0, 1), to: Date.UTC(2025, 0, 1) };
const SPREAD = 240;
const AT_BOUNDARIES = 30;
const random = sequence(20240611);
/** 240 instants spread evenly over 1925-2024, each at a random time of its slot. */
const spread = Array.from(
  { length: SPREAD },
  (_, i) => CENTURY.from + ((CENTURY.to - CENTURY.from) * (i + random())) / SPREAD,
);

const indexOf = <T extends string>(list: readonly T[], value: T) => list.indexOf(value);

describe('the Moon’s nakshatra and raashi against mhah-panchang, 1925-2024', () => {
  // The boundary crossings of every eighth date: where the two libraries disagree most.
  const crossings = spread
    .filter((_, i) => i % 8 === 0)
    .flatMap((ms) => [theirCrossing(ms, 'nakshatra'), theirCrossing(ms, 'raashi')]);
  /** Dates a few seconds either side of mhah's own crossings: the hard cases. */
  const nearCrossings = crossings
    .slice(0, AT_BOUNDARIES)
    .map(({ at }, i) => at + (i % 2 === 0 ? -1 : 1) * (5_000 + 20_000 * random()));

  /** Checks every date against mhah-panchang; prints and returns the tally. */
  function compare(label: string, dates: number[]) {
    const tally = {
      nakshatra: { agree: 0, offered: 0, nearBoundary: 0 },
      raashi: { agree: 0, offered: 0, nearBoundary: 0 },
    };
    for (const ms of dates) {
      const { longitude } = moonSiderealLongitude(new Date(ms));
      const mine = birthStarAt(longitude);
      const other = theirs(ms);
      const results = {
        nakshatra: {
          index: indexOf(NAKSHATRA_OPTIONS, mine.nakshatra),
          pair: mine.nearBoundary.nakshatra?.map((n) => indexOf(NAKSHATRA_OPTIONS, n)),
        },
        raashi: {
          index: indexOf(RAASHI_OPTIONS, mine.raashi),
          pair: mine.nearBoundary.raashi?.map((r) => indexOf(RAASHI_OPTIONS, r)),
        },
      };
      for (const which of ['nakshatra', 'raashi'] as const) {
        const { index, pair } = results[which];
        const where = `${which} at ${new Date(ms).toISOString()} (Moon at ${longitude.toFixed(4)}°)`;
        if (pair) tally[which].nearBoundary += 1;
        if (index === other[which]) tally[which].agree += 1;
        else {
          // Only within the margin of a boundary, and their answer is then one of the two offered.
          expect(pair, where).toBeDefined();
          expect(pair, where).toContain(other[which]);
          tally[which].offered += 1;
        }
      }
    }
    for (const which of ['nakshatra', 'raashi'] as const) {
      const { agree, offered, nearBoundary } = tally[which];
      console.log(
        `${label}: ${which} ${agree}/${dates.length} agree; ${nearBoundary} within ${BOUNDARY_MARGIN_ARCMIN}′ ` +
          `of a boundary (both neighbours offered), where mhah-panchang chose the other neighbour ${offered} times`,
      );
      expect(agree + offered).toBe(dates.length);
    }
    return tally;
  }

  it(`agrees exactly on ${SPREAD} dates spread over the century, except within ${BOUNDARY_MARGIN_ARCMIN}′ of a boundary`, () => {
    expect(spread.length).toBeGreaterThanOrEqual(200);
    compare(`${SPREAD} dates 1925-2024`, spread);
  });

  it(`offers both neighbours on ${AT_BOUNDARIES} dates seconds from a boundary, one of them mhah-panchang’s`, () => {
    const tally = compare(`${AT_BOUNDARIES} dates at boundaries`, nearCrossings);
    // Each of these is a few seconds from one of mhah's crossings (nakshatra or raashi).
    expect(tally.nakshatra.nearBoundary + tally.raashi.nearBoundary).toBeGreaterThanOrEqual(AT_BOUNDARIES);
  });

  it(`places the boundary crossings well within the ${BOUNDARY_MARGIN_ARCMIN}′ margin of mhah-panchang’s`, () => {
    const gaps = crossings.map(({ at, boundary }) =>
      arcminutes(moonSiderealLongitude(new Date(at)).longitude, boundary),
    );
    const worst = Math.max(...gaps.map(Math.abs));
    const mean = gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length;
    console.log(
      `boundary crossings: ${gaps.length} compared; the two libraries differ by ${mean.toFixed(2)}′ on average, ` +
        `${worst.toFixed(2)}′ at most (margin ${BOUNDARY_MARGIN_ARCMIN}′)`,
    );
    expect(gaps.length).toBeGreaterThanOrEqual(60);
    // The margin is chosen from this measure: at least twice the worst disagreement.
    expect(worst * 2).toBeLessThanOrEqual(BOUNDARY_MARGIN_ARCMIN);
  });
});

describe('the Lahiri ayanamsa', () => {
  it('is 23°15′00.658″ (true) on 1956-03-21 0h TT, its definition', () => {
    // 1956-03-21 0h TT is 31.4 s of Delta T before 0h UT.
    const { ayanamsa } = moonSiderealLongitude(new Date(Date.UTC(1956, 2, 21) - 31_400));
    expect(Math.abs(ayanamsa - (23 + 15 / 60 + 0.658 / 3600)) * 3600).toBeLessThan(1);
  });

  it('is 23°51′25.5″ (mean) at J2000 and grows by about 50.3″ a year', () => {
    expect(Math.abs(lahiriAyanamsa(0) - (23 + 51 / 60 + 25.5 / 3600)) * 3600).toBeLessThan(1);
    const perYear = (lahiriAyanamsa(0.01) - lahiriAyanamsa(0)) * 3600;
    expect(perYear).toBeCloseTo(50.29, 1);
  });

  it('makes the Moon of 2000-01-01 12:00 UT sidereal 199.47° (tropical 223.32°)', () => {
    expect(moonSiderealLongitude(new Date('2000-01-01T12:00:00Z')).longitude).toBeCloseTo(199.47, 2);
  });
});

describe('boundaries', () => {
  const margin = BOUNDARY_MARGIN_ARCMIN / 60;

  it('offers only the division the Moon is in, away from a boundary', () => {
    expect(birthStarAt(6.5)).toEqual({ raashi: 'Mesh (Aries)', nakshatra: 'Ashwini', nearBoundary: {} });
    expect(birthStarAt(100)).toEqual({ raashi: 'Kark (Cancer)', nakshatra: 'Pushya', nearBoundary: {} });
  });

  it('offers both neighbours within the margin, in zodiac order, either side', () => {
    const end = NAKSHATRA_SPAN - margin / 2;
    expect(birthStarAt(end)).toEqual({
      raashi: 'Mesh (Aries)',
      nakshatra: 'Ashwini',
      nearBoundary: { nakshatra: ['Ashwini', 'Bharani'] },
    });
    expect(birthStarAt(NAKSHATRA_SPAN + margin / 2).nearBoundary).toEqual({
      nakshatra: ['Ashwini', 'Bharani'],
    });
    expect(birthStarAt(NAKSHATRA_SPAN + margin * 1.01).nearBoundary).toEqual({});
    expect(birthStarAt(NAKSHATRA_SPAN - margin * 1.01).nearBoundary).toEqual({});
    // 120° ends Ashlesha and Kark and starts Magha and Simha: both pairs.
    expect(birthStarAt(120 - margin / 3)).toEqual({
      raashi: 'Kark (Cancer)',
      nakshatra: 'Ashlesha',
      nearBoundary: { raashi: ['Kark (Cancer)', 'Simha (Leo)'], nakshatra: ['Ashlesha', 'Magha'] },
    });
  });

  it('wraps at 0°: Revati and Meen before, Ashwini and Mesh after', () => {
    const pairs = { raashi: ['Meen (Pisces)', 'Mesh (Aries)'], nakshatra: ['Revati', 'Ashwini'] };
    expect(birthStarAt(360 - margin / 2)).toEqual({
      raashi: 'Meen (Pisces)',
      nakshatra: 'Revati',
      nearBoundary: pairs,
    });
    expect(birthStarAt(margin / 2)).toEqual({
      raashi: 'Mesh (Aries)',
      nakshatra: 'Ashwini',
      nearBoundary: pairs,
    });
  });
});

describe('the birth place’s clock', () => {
  it('reads India’s clock by its history: IST, war time 1942-45, Madras time before 1906', () => {
    expect(zonedInstant('1985-08-14', '05:40', 'Asia/Kolkata').toISOString()).toBe(
      '1985-08-14T00:10:00.000Z',
    );
    expect(zonedInstant('1943-06-01', '12:00', 'Asia/Kolkata').toISOString()).toBe(
      '1943-06-01T05:30:00.000Z',
    );
    expect(zonedInstant('1901-06-01', '12:00', 'Asia/Kolkata').toISOString()).toBe(
      '1901-06-01T06:38:50.000Z',
    );
  });

  it('reads a zone abroad with its daylight saving; a skipped time with the offset before the change, a repeated one as the first', () => {
    expect(zonedInstant('1990-07-01', '09:15', 'Europe/London').toISOString()).toBe(
      '1990-07-01T08:15:00.000Z',
    );
    expect(zonedInstant('2024-03-10', '02:30', 'America/New_York').toISOString()).toBe(
      '2024-03-10T07:30:00.000Z',
    );
    expect(zonedInstant('2024-11-03', '01:30', 'America/New_York').toISOString()).toBe(
      '2024-11-03T05:30:00.000Z',
    );
    expect(zonedInstant('1999-12-31', '23:59', 'Asia/Kathmandu').toISOString()).toBe(
      '1999-12-31T18:14:00.000Z',
    );
  });

  it('offers only zones the runtime knows, India first', () => {
    expect(BIRTH_TIME_ZONES[0].id).toBe(DEFAULT_BIRTH_TIME_ZONE);
    for (const { id } of BIRTH_TIME_ZONES)
      expect(() => zonedInstant('2000-01-01', '00:00', id)).not.toThrow();
  });
});

/* ------------------------------------------------------------------------------------------
 * POST /api/astro/birth-star
 * ---------------------------------------------------------------------------------------- */

describe('POST /api/astro/birth-star', () => {
  const shop = shopPerFile(() => createTestShop({ seed: false }));

  const ask = (json: unknown) => call(shop.app, 'POST', '/api/astro/birth-star', { json });

  it('suggests the raashi and nakshatra for a birth in India, without a sign-in', async () => {
    const res = await ask({ dateOfBirth: '1985-08-14', birthTime: '05:40' });
    expect(res.status).toBe(200);
    const star = v.parse(BirthStar, res.body);
    expect(star.timeZone).toBe('Asia/Kolkata');
    expect(star.birthInstant).toBe('1985-08-14T00:10:00.000Z');
    const { longitude } = moonSiderealLongitude(new Date(star.birthInstant));
    expect(star.moonLongitude).toBeCloseTo(longitude, 5);
    expect(star).toMatchObject(birthStarAt(longitude));
    // The second library says the same for the same instant.
    const other = theirs(Date.parse(star.birthInstant));
    expect(star.nakshatra).toBe(NAKSHATRA_OPTIONS[other.nakshatra]);
    expect(star.raashi).toBe(RAASHI_OPTIONS[other.raashi]);
  });

  it('reads the time on the chosen zone’s clock', async () => {
    const res = await ask({ dateOfBirth: '1985-08-14', birthTime: '05:40', timeZone: 'America/Chicago' });
    expect(res.status).toBe(200);
    const star = v.parse(BirthStar, res.body);
    expect(star.birthInstant).toBe('1985-08-14T10:40:00.000Z');
    expect(star.timeZone).toBe('America/Chicago');
  });

  it('names both neighbours when the Moon was at a boundary', async () => {
    // The whole minute closest to a nakshatra boundary (the Moon moves about 0.5′ a minute).
    const { at, boundary } = theirCrossing(Date.UTC(2001, 4, 1), 'nakshatra');
    const minutes = Array.from(
      { length: 61 },
      (_, i) => Math.floor(at / 60_000) * 60_000 + (i - 30) * 60_000,
    );
    const distance = (ms: number) =>
      Math.abs(arcminutes(moonSiderealLongitude(new Date(ms)).longitude, boundary));
    const ms = minutes.reduce((best, minute) => (distance(minute) < distance(best) ? minute : best));
    expect(distance(ms)).toBeLessThan(BOUNDARY_MARGIN_ARCMIN);
    const ist = new Date(ms + 5.5 * HOUR).toISOString();
    const res = await ask({ dateOfBirth: ist.slice(0, 10), birthTime: ist.slice(11, 16) });
    expect(res.status).toBe(200);
    const star = v.parse(BirthStar, res.body);
    expect(star.nearBoundary.nakshatra).toHaveLength(2);
    expect(star.nearBoundary.nakshatra).toContain(star.nakshatra);
  });

  it.each([
    [{}, bookingMessages.dateOfBirthRequired],
    [{ birthTime: '05:40' }, bookingMessages.dateOfBirthRequired],
    [{ dateOfBirth: '1985-08-14' }, bookingMessages.birthTimeRequired],
    [{ dateOfBirth: '1985-08-14', birthTime: '  ' }, bookingMessages.birthTimeRequired],
    [{ dateOfBirth: '1985-02-29', birthTime: '05:40' }, bookingMessages.dateOfBirthInvalid],
    [{ dateOfBirth: '14-08-1985', birthTime: '05:40' }, bookingMessages.dateOfBirthInvalid],
    [{ dateOfBirth: '1899-12-31', birthTime: '05:40' }, bookingMessages.dateOfBirthTooEarly],
    [{ dateOfBirth: '2999-01-01', birthTime: '05:40' }, bookingMessages.dateOfBirthFuture],
    [{ dateOfBirth: '1985-08-14', birthTime: '24:00' }, bookingMessages.birthTimeInvalid],
    [{ dateOfBirth: '1985-08-14', birthTime: '5:40 am' }, bookingMessages.birthTimeInvalid],
    [{ dateOfBirth: '1985-08-14', birthTime: 540 }, bookingMessages.birthTimeInvalid],
    [{ dateOfBirth: '1985-08-14', birthTime: '05:40', timeZone: 'Mars/Olympus' }, 'timeZone must be'],
    [{ dateOfBirth: '1985-08-14', birthTime: '05:40', timeZone: 'IST' }, 'timeZone must be'],
    [{ dateOfBirth: '1985-08-14', birthTime: '05:40', timeZone: '../../etc/passwd' }, 'timeZone must be'],
    [{ dateOfBirth: '1985-08-14', birthTime: '05:40', timeZone: 5.5 }, 'timeZone must be'],
    [[], 'must be a JSON object'],
    ['1985-08-14 05:40', 'must be a JSON object'],
  ])('refuses %j with 400 {message}', async (body, message) => {
    const res = await ask(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.stringContaining(message) as string });
  });
});

/* ------------------------------------------------------------------------------------------
 * POST /api/astro/birth-star/day: the date alone
 * ---------------------------------------------------------------------------------------- */

describe('POST /api/astro/birth-star/day', () => {
  const shop = shopPerFile(() => createTestShop({ seed: false }));

  const askDay = (json: unknown) => call(shop.app, 'POST', '/api/astro/birth-star/day', { json });
  const askAt = async (dateOfBirth: string, birthTime: string, timeZone: string) => {
    const res = await call(shop.app, 'POST', '/api/astro/birth-star', {
      json: { dateOfBirth, birthTime, timeZone },
    });
    expect(res.status).toBe(200);
    return v.parse(BirthStar, res.body);
  };

  /** A list without its repeats in a row: the divisions in the order the Moon went through them. */
  const inOrder = <T>(values: T[]) => values.filter((value, i) => i === 0 || values[i - 1] !== value);

  /**
   * Days whose answers were checked independently of the implementation, each in two ways: the
   * second library (mhah-panchang) every 10 minutes from the day's 00:00 to the next day's 00:00
   * on the birth place's clock names exactly these raashis and nakshatras, in this order; and the
   * timed endpoint at 00:00 and at 23:59 names the first and the last of them, with the Moon
   * away from every boundary there (at least 15′ of arc, half an hour of its motion), so the
   * day's margin adds nothing. Mid-sign all day (one raashi), a change of sign, a day in one
   * nakshatra (the Moon slow, near apogee), a day touching three (fast, near perigee), and a day
   * on another zone's clock.
   */
  const DAYS = [
    {
      why: 'mid-sign all day: one raashi, two nakshatras',
      dateOfBirth: '1988-08-04',
      timeZone: 'Asia/Kolkata',
      dayStart: '1988-08-03T18:30:00.000Z',
      raashis: ['Mesh (Aries)'],
      nakshatras: ['Ashwini', 'Bharani'],
    },
    {
      why: 'the Moon changed sign: two raashis',
      dateOfBirth: '1990-03-09',
      timeZone: 'Asia/Kolkata',
      dayStart: '1990-03-08T18:30:00.000Z',
      raashis: ['Kark (Cancer)', 'Simha (Leo)'],
      nakshatras: ['Ashlesha', 'Magha'],
    },
    {
      why: 'one raashi and one nakshatra all day',
      dateOfBirth: '1985-01-27',
      timeZone: 'Asia/Kolkata',
      dayStart: '1985-01-26T18:30:00.000Z',
      raashis: ['Meen (Pisces)'],
      nakshatras: ['Revati'],
    },
    {
      why: 'three nakshatras in one day',
      dateOfBirth: '1985-10-15',
      timeZone: 'Asia/Kolkata',
      dayStart: '1985-10-14T18:30:00.000Z',
      raashis: ['Tula (Libra)'],
      nakshatras: ['Chitra', 'Swati', 'Vishakha'],
    },
    {
      why: 'on the clock of Los Angeles (in India the same date is Tula alone, Swati and Vishakha)',
      dateOfBirth: '1988-11-09',
      timeZone: 'America/Los_Angeles',
      dayStart: '1988-11-09T08:00:00.000Z',
      raashis: ['Tula (Libra)', 'Vrishchik (Scorpio)'],
      nakshatras: ['Vishakha'],
    },
  ] as const;

  it.each(DAYS)('$dateOfBirth on $timeZone: $why', async (day) => {
    const res = await askDay({ dateOfBirth: day.dateOfBirth, timeZone: day.timeZone });
    expect(res.status).toBe(200);
    const answer = v.parse(BirthDayStar, res.body);
    expect(answer).toMatchObject({
      raashis: day.raashis,
      nakshatras: day.nakshatras,
      dateOfBirth: day.dateOfBirth,
      timeZone: day.timeZone,
      dayStart: day.dayStart,
    });
    expect(Date.parse(answer.dayEnd) - Date.parse(answer.dayStart)).toBe(24 * HOUR);

    // mhah-panchang over the whole day, every 10 minutes, both ends included.
    const start = Date.parse(day.dayStart);
    const samples = Array.from({ length: 24 * 6 + 1 }, (_, i) => theirs(start + i * 10 * 60_000));
    expect(inOrder(samples.map((s) => RAASHI_OPTIONS[s.raashi]))).toEqual(day.raashis);
    expect(inOrder(samples.map((s) => NAKSHATRA_OPTIONS[s.nakshatra]))).toEqual(day.nakshatras);

    // The timed endpoint at the day's first and last minute.
    const first = await askAt(day.dateOfBirth, '00:00', day.timeZone);
    const last = await askAt(day.dateOfBirth, '23:59', day.timeZone);
    expect(first.birthInstant).toBe(day.dayStart);
    for (const star of [first, last]) expect(star.nearBoundary).toEqual({});
    expect([first.raashi, last.raashi]).toEqual([day.raashis[0], day.raashis.at(-1)]);
    expect([first.nakshatra, last.nakshatra]).toEqual([day.nakshatras[0], day.nakshatras.at(-1)]);
    for (const star of [first, last]) {
      const into = (star.moonLongitude % NAKSHATRA_SPAN) * 60;
      expect(Math.min(into, NAKSHATRA_SPAN * 60 - into)).toBeGreaterThan(15);
    }
  });

  it('names both signs when the Moon changed sign within the margin of midnight, as the timed answer at 23:59 does', async () => {
    // At 00:00 IST on 1957-09-15 the Moon stood at 29.98°, about 2 minutes short of Vrishabh:
    // on the 14th it was in Mesh all day, but a birth at 23:59 is within the 2′ margin of the
    // boundary, so the timed answer names both, and so does the day's.
    const last = await askAt('1957-09-14', '23:59', 'Asia/Kolkata');
    expect(last.nearBoundary.raashi).toEqual(['Mesh (Aries)', 'Vrishabh (Taurus)']);
    expect(theirs(Date.parse(last.birthInstant)).raashi).toBe(0);
    const res = await askDay({ dateOfBirth: '1957-09-14' });
    expect(res.status).toBe(200);
    expect(v.parse(BirthDayStar, res.body).raashis).toEqual(['Mesh (Aries)', 'Vrishabh (Taurus)']);
  });

  it('reads India’s clock by default, and a day of 23 hours where the clocks went forward', async () => {
    const india = v.parse(BirthDayStar, (await askDay({ dateOfBirth: '1988-08-04' })).body);
    expect(india.timeZone).toBe(DEFAULT_BIRTH_TIME_ZONE);
    expect(india.dayStart).toBe('1988-08-03T18:30:00.000Z');
    const res = await askDay({ dateOfBirth: '2024-03-10', timeZone: 'America/New_York' });
    expect(res.status).toBe(200);
    const spring = v.parse(BirthDayStar, res.body);
    expect([spring.dayStart, spring.dayEnd]).toEqual([
      '2024-03-10T05:00:00.000Z',
      '2024-03-11T04:00:00.000Z',
    ]);
  });

  it.each([
    [{}, bookingMessages.dateOfBirthRequired],
    [{ dateOfBirth: '  ' }, bookingMessages.dateOfBirthRequired],
    [{ dateOfBirth: '1985-02-29' }, bookingMessages.dateOfBirthInvalid],
    [{ dateOfBirth: '14-08-1985' }, bookingMessages.dateOfBirthInvalid],
    [{ dateOfBirth: 19850814 }, bookingMessages.dateOfBirthInvalid],
    [{ dateOfBirth: '1899-12-31' }, bookingMessages.dateOfBirthTooEarly],
    [{ dateOfBirth: '2999-01-01' }, bookingMessages.dateOfBirthFuture],
    [{ dateOfBirth: '1985-08-14', timeZone: 'IST' }, 'timeZone must be'],
    [{ dateOfBirth: '1985-08-14', timeZone: 'Mars/Olympus' }, 'timeZone must be'],
    [[], 'must be a JSON object'],
    ['1985-08-14', 'must be a JSON object'],
  ])('refuses %j with 400 {message}', async (body, message) => {
    const res = await askDay(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.stringContaining(message) as string });
  });
});
