import { BirthDayStar, BirthStar, birthStarMessages } from '../../contract/birth-star.ts';
import { callApi } from './api.ts';

/**
 * The raashi and nakshatra the server suggests for a birth (docs/product-rules.md, Raashi and
 * nakshatra from birth details). Public: no sign-in needed. `timeZone` defaults to India's.
 */
export function fetchBirthStar(
  birth: { dateOfBirth: string; birthTime: string; timeZone?: string },
  signal?: AbortSignal,
): Promise<BirthStar> {
  return callApi('/api/astro/birth-star', {
    method: 'POST',
    body: birth,
    schema: BirthStar,
    fallback: birthStarMessages.failed,
    signal,
  });
}

/**
 * The raashis and nakshatras the Moon was in on a day of birth, for a birth time not known
 * (docs/product-rules.md, Raashi and nakshatra from birth details). `timeZone` defaults to India's.
 */
export function fetchBirthDayStar(
  birth: { dateOfBirth: string; timeZone?: string },
  signal?: AbortSignal,
): Promise<BirthDayStar> {
  return callApi('/api/astro/birth-star/day', {
    method: 'POST',
    body: birth,
    schema: BirthDayStar,
    fallback: birthStarMessages.failed,
    signal,
  });
}
