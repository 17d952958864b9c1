import { Hono } from 'hono';
import { birthDayStarRequestSchema, birthStarRequestSchema } from '../../contract/birth-star.ts';
import { latestToday } from '../../contract/person.ts';
import type { AppEnv } from '../env.ts';
import { birthDayStar, birthStar } from '../services/birth-star.ts';
import { readBody } from '../validate.ts';

/**
 * POST /api/astro/birth-star {dateOfBirth, birthTime, timeZone?} -> 200 {raashi, nakshatra,
 * nearBoundary, moonLongitude, ayanamsa, birthInstant, timeZone}: the suggestion the person form
 * offers (docs/product-rules.md, Raashi and nakshatra from birth details). Public: it stores
 * nothing and tells nothing about anyone. The astronomy stays on the server, out of the SPA.
 *
 * POST /api/astro/birth-star/day {dateOfBirth, timeZone?} -> 200 {raashis, nakshatras, ...}: what
 * the date alone tells when the birth time is not known, a sibling route so that a missing time
 * on the first stays a 400 (docs/decisions/0067-birth-star-from-the-date-alone.md).
 */
export const astroRoutes = new Hono<AppEnv>()
  .post('/api/astro/birth-star', async (c) => {
    const input = await readBody(
      c,
      birthStarRequestSchema(() => latestToday(c.var.now())),
    );
    return c.json(birthStar(input), 200);
  })
  .post('/api/astro/birth-star/day', async (c) => {
    const input = await readBody(
      c,
      birthDayStarRequestSchema(() => latestToday(c.var.now())),
    );
    return c.json(birthDayStar(input), 200);
  });
