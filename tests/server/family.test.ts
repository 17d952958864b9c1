/**
 * Family profiles (docs/product-rules.md, Family profiles): a customer's own saved people, checked
 * by the wizard's person rules on the server as in the form (contract/family.ts); another
 * customer's id is 404, as an unknown one; bad input is a 400 naming the field, changing nothing.
 */
import * as v from 'valibot';
import { bookingMessages } from '../../contract/booking.ts';
import {
  DEFAULT_GOTHRA,
  emptyFamilyProfile,
  familyMessages,
  FamilyListResponse,
  FamilyProfileResponse,
  MAX_FAMILY_PROFILES,
  validateFamilyProfile,
  type FamilyProfileDraft,
} from '../../contract/family.ts';
import { call } from '../support/accounts.ts';
import { asBooked, person } from '../support/bookings.ts';
import { createLifecycleShop } from '../support/lifecycle.ts';
import { expectClearRefusal, expectNothingChanged } from '../security/security-shop.ts';
import { shopPerFile } from '../support/prelude.ts';

const shop = shopPerFile(createLifecycleShop);

const api = (token: string | undefined, method: string, url: string, json?: unknown) =>
  call(shop.app, method, url, { token, json });
const mine = (method: string, url: string, json?: unknown) => api(shop.me.token, method, url, json);

/** A valid profile body: Asha, the customer herself. */
const body = (overrides: Record<string, unknown> = {}) => ({ ...person(), relation: 'self', ...overrides });

async function create(json: unknown = body()) {
  const res = await mine('POST', '/api/family', json);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return v.parse(FamilyProfileResponse, res.body).profile;
}

const list = async (token = shop.me.token) =>
  v.parse(FamilyListResponse, (await api(token, 'GET', '/api/family')).body).profiles;

describe('family profiles: the owner saves, reads, edits and removes', () => {
  it('adds a person with a relation and reads them back as saved', async () => {
    const profile = await create(body({ name: '  Lakshmi Narayanan ', relation: 'Father' }));
    expect(profile).toEqual({
      id: expect.any(Number) as number,
      relation: 'father',
      gothraNotKnown: false,
      // The rest of the person as sent (the defaults of the person form, support/bookings.ts).
      ...asBooked(person({ name: 'Lakshmi Narayanan' })),
    });
    expect(await list()).toContainEqual(profile);
  });

  it('"I don\'t know my gothra" stores the customary Kashyap, whatever was typed, and says so', async () => {
    const profile = await create(body({ gothra: '', gothraNotKnown: true, relation: 'spouse' }));
    expect(profile.gothra).toBe(DEFAULT_GOTHRA);
    expect(profile.gothraNotKnown).toBe(true);
    const typed = await create(body({ gothra: 'Bharadwaja', gothraNotKnown: true, relation: 'son' }));
    expect(typed.gothra).toBe('Kashyap');
    expect(familyMessages.gothraNotKnownNote).toMatch(/Kashyap/);
  });

  it('stores a birth time or place marked not known as null, and South Indian names by the list’s', async () => {
    const profile = await create(
      body({
        birthTimeNotKnown: true,
        birthTime: '10:00',
        birthPlaceNotKnown: true,
        raashi: 'Karka',
        nakshatra: 'Karthigai',
        relation: 'mother',
      }),
    );
    expect(profile).toMatchObject({
      birthTime: null,
      birthPlace: null,
      raashi: 'Kark (Cancer)',
      nakshatra: 'Krittika',
    });
  });

  it('edits and removes one, and lists in the order they were added', async () => {
    const a = await create(body({ name: 'Ravi Rao', relation: 'spouse' }));
    const b = await create(body({ name: 'Meera Rao', relation: 'daughter' }));
    const edited = await mine(
      'PUT',
      `/api/family/${a.id}`,
      body({ name: 'Ravi S. Rao', relation: 'spouse' }),
    );
    expect(edited.status).toBe(200);
    expect(v.parse(FamilyProfileResponse, edited.body).profile).toMatchObject({
      id: a.id,
      name: 'Ravi S. Rao',
    });
    const ids = (await list()).map((p) => p.id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
    const removed = await mine('DELETE', `/api/family/${b.id}`);
    expect(removed).toMatchObject({ status: 200, body: { message: familyMessages.deleted } });
    expect((await list()).map((p) => p.id)).not.toContain(b.id);
    expectClearRefusal(await mine('DELETE', `/api/family/${b.id}`), 404);
  });
});

describe('family profiles: only the owner', () => {
  it('answers 404 for another customer’s profile (as for an unknown id), changing nothing', async () => {
    const theirs = await api(shop.other.token, 'POST', '/api/family', body({ name: 'Ravi Kumar' }));
    const id = v.parse(FamilyProfileResponse, theirs.body).profile.id;
    await expectNothingChanged(shop.db, async () => {
      for (const target of [id, 999_999]) {
        expectClearRefusal(await mine('PUT', `/api/family/${target}`, body()), 404);
        expectClearRefusal(await mine('DELETE', `/api/family/${target}`), 404);
      }
      expectClearRefusal(await mine('PUT', '/api/family/abc', body()), 400);
    });
    expect((await list()).map((p) => p.id)).not.toContain(id);
    expect((await list(shop.other.token)).map((p) => p.id)).toEqual([id]);
  });

  it('needs a sign-in for every call (401)', async () => {
    for (const [method, url] of [
      ['GET', '/api/family'],
      ['POST', '/api/family'],
      ['PUT', '/api/family/1'],
      ['DELETE', '/api/family/1'],
    ] as const)
      expectClearRefusal(await api(undefined, method, url, method === 'GET' ? undefined : body()), 401);
  });
});

/** Bad bodies with the message they get, the same from the server and from the form's check. */
const BAD: [string, Record<string, unknown>, string][] = [
  ['no relation', body({ relation: undefined }), familyMessages.relationRequired],
  ['a blank relation', body({ relation: '  ' }), familyMessages.relationRequired],
  ['an unknown relation', body({ relation: 'cousin' }), familyMessages.relationInvalid],
  ['a relation that is not text', body({ relation: 3 }), familyMessages.relationInvalid],
  ['no name', body({ name: '' }), bookingMessages.nameRequired],
  ['a name too long', body({ name: 'A'.repeat(101) }), bookingMessages.nameTooLong],
  ['no date of birth', body({ dateOfBirth: '' }), bookingMessages.dateOfBirthRequired],
  ['an unreal date of birth', body({ dateOfBirth: '2001-02-29' }), bookingMessages.dateOfBirthInvalid],
  ['a date of birth in the future', body({ dateOfBirth: '2999-01-01' }), bookingMessages.dateOfBirthFuture],
  ['a date of birth before 1900', body({ dateOfBirth: '1899-12-31' }), bookingMessages.dateOfBirthTooEarly],
  ['no birth time', body({ birthTime: '' }), bookingMessages.birthTimeRequired],
  ['a 25-hour birth time', body({ birthTime: '25:00' }), bookingMessages.birthTimeInvalid],
  ['no birth place', body({ birthPlace: ' ' }), bookingMessages.birthPlaceRequired],
  ['no raashi', body({ raashi: '' }), bookingMessages.raashiRequired],
  ['a raashi off the list', body({ raashi: 'Leo Rising' }), bookingMessages.raashiInvalid],
  ['no nakshatra', body({ nakshatra: '' }), bookingMessages.nakshatraRequired],
  ['a nakshatra off the list', body({ nakshatra: 'Abhijit' }), bookingMessages.nakshatraInvalid],
  ['no gothra, and not marked unknown', body({ gothra: '' }), bookingMessages.gothraRequired],
  ['a gothra too long', body({ gothra: 'G'.repeat(61) }), bookingMessages.gothraTooLong],
];

describe('family profiles: every bad input is a 400 naming the field, and changes nothing', () => {
  it.each(BAD)('refuses %s', async (_, json, message) => {
    await expectNothingChanged(shop.db, async () => {
      const created = await mine('POST', '/api/family', json);
      expectClearRefusal(created, 400);
      expect((created.body as { message: string }).message).toBe(message);
    });
    // The form's own check says the same (contract/family.ts, validateFamilyProfile).
    const draft = { ...emptyFamilyProfile(), ...json } as FamilyProfileDraft;
    expect(Object.values(validateFamilyProfile(draft, '2026-03-01'))).toContain(message);
  });

  it('refuses an edit with bad input, leaving the profile as it was', async () => {
    const profile = await create();
    await expectNothingChanged(shop.db, async () => {
      for (const [, json] of BAD)
        expectClearRefusal(await mine('PUT', `/api/family/${profile.id}`, json), 400);
    });
  });

  it('refuses marks that are not true or false, bodies that are not objects, and text that is not JSON', async () => {
    await expectNothingChanged(shop.db, async () => {
      for (const json of [body({ gothraNotKnown: 'yes' }), body({ birthTimeNotKnown: 1 }), [], 'Asha', null])
        expectClearRefusal(await mine('POST', '/api/family', json), 400);
      expectClearRefusal(
        await call(shop.app, 'POST', '/api/family', { token: shop.me.token, raw: '{"name":' }),
        400,
      );
    });
  });

  it(`keeps at most ${MAX_FAMILY_PROFILES} people (409 after that)`, async () => {
    const crowd = await call(shop.app, 'POST', '/api/auth/register', {
      json: { name: 'Big Family', email: `big-${Date.now()}@example.com`, password: 'secret123' },
    });
    expect(crowd.status).toBe(201);
    const login = await call(shop.app, 'POST', '/api/auth/login', {
      json: { email: (crowd.body as { user: { email: string } }).user.email, password: 'secret123' },
    });
    const token = (login.body as { token: string }).token;
    for (let i = 0; i < MAX_FAMILY_PROFILES; i++)
      expect((await api(token, 'POST', '/api/family', body({ relation: 'other' }))).status).toBe(201);
    await expectNothingChanged(shop.db, async () => {
      const res = await api(token, 'POST', '/api/family', body({ relation: 'other' }));
      expectClearRefusal(res, 409);
      expect((res.body as { message: string }).message).toBe(familyMessages.tooMany);
    });
  });
});
