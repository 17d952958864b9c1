/**
 * The SPA's seams for the devotee's details: the birth-star calls through the one API client,
 * against the real API app, and the lazily loaded transliteration.
 */
import { bookingMessages } from '../../contract/booking.ts';
import { ApiError } from '../../src/lib/api.ts';
import { fetchBirthDayStar, fetchBirthStar } from '../../src/lib/astro.ts';
import { loadSankalpScript } from '../../src/lib/sankalp-script.ts';
import { createTestShop } from '../support/test-db.ts';
import { shopPerFile, fetchRoutedTo } from '../support/prelude.ts';

const shop = shopPerFile(() => createTestShop({ seed: false }));
const net = fetchRoutedTo(shop, { per: 'file' });

afterEach(() => net.failNetwork(null));

describe('fetchBirthStar', () => {
  it('asks the server and reads its answer with the contract', async () => {
    const star = await fetchBirthStar({ dateOfBirth: '1985-08-14', birthTime: '05:40' });
    expect(star.timeZone).toBe('Asia/Kolkata');
    expect(star.birthInstant).toBe('1985-08-14T00:10:00.000Z');
    expect(typeof star.raashi).toBe('string');
  });

  it('shows the server’s message for bad input, and the fallback when the network fails', async () => {
    await expect(fetchBirthStar({ dateOfBirth: '1985-08-14', birthTime: '25:00' })).rejects.toEqual(
      new ApiError('Birth time must be a 24-hour time (HH:MM)', 400),
    );
    net.failNetwork(/astro/);
    await expect(fetchBirthStar({ dateOfBirth: '1985-08-14', birthTime: '05:40' })).rejects.toMatchObject({
      message: 'Failed to work out the raashi and nakshatra',
    });
  });
});

describe('fetchBirthDayStar', () => {
  it('asks the server for the date alone and reads its answer with the contract', async () => {
    const day = await fetchBirthDayStar({ dateOfBirth: '1988-08-04' });
    expect(day).toMatchObject({
      raashis: ['Mesh (Aries)'],
      nakshatras: ['Ashwini', 'Bharani'],
      dayStart: '1988-08-03T18:30:00.000Z',
      timeZone: 'Asia/Kolkata',
    });
  });

  it('shows the server’s message for bad input, and the fallback when the network fails', async () => {
    await expect(fetchBirthDayStar({ dateOfBirth: '1985-02-29' })).rejects.toEqual(
      new ApiError(bookingMessages.dateOfBirthInvalid, 400),
    );
    net.failNetwork(/astro/);
    await expect(fetchBirthDayStar({ dateOfBirth: '1988-08-04' })).rejects.toMatchObject({
      message: 'Failed to work out the raashi and nakshatra',
    });
  });
});

describe('loadSankalpScript', () => {
  it('loads the transliteration on demand', async () => {
    const { nameInScript } = await loadSankalpScript();
    expect(nameInScript('Srinivas', 'telugu')).toBe('శ్రీనివాస్');
  });
});
