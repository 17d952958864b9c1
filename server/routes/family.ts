import { Hono } from 'hono';
import {
  familyMessages,
  familyProfileInputSchema,
  MAX_FAMILY_PROFILES,
  type FamilyListResponse,
  type FamilyProfileResponse,
} from '../../contract/family.ts';
import { latestToday } from '../../contract/person.ts';
import type { AppEnv } from '../env.ts';
import { requireAuth } from '../auth/middleware.ts';
import {
  countFamilyProfiles,
  deleteFamilyProfile,
  findFamilyProfile,
  insertFamilyProfile,
  listFamilyProfiles,
  updateFamilyProfile,
} from '../db/repositories/family.ts';
import { idParam, notFound } from '../http.ts';
import { readBody } from '../validate.ts';

/**
 * The signed-in customer's family (docs/product-rules.md, Family profiles), checked by the
 * wizard's person rules at the server's clock. Another customer's id answers 404, as an unknown one.
 */
export const familyRoutes = new Hono<AppEnv>()
  .get('/api/family', requireAuth, async (c) => {
    const body: FamilyListResponse = { profiles: await listFamilyProfiles(c.var.db, c.var.user.id) };
    return c.json(body, 200);
  })

  .post('/api/family', requireAuth, async (c) => {
    const now = c.var.now();
    const input = await readBody(
      c,
      familyProfileInputSchema(() => latestToday(now)),
    );
    const { db, user } = c.var;
    if ((await countFamilyProfiles(db, user.id)) >= MAX_FAMILY_PROFILES)
      return c.json({ message: familyMessages.tooMany }, 409);
    const id = await insertFamilyProfile(db, user.id, input, now.toISOString());
    const body: FamilyProfileResponse = { profile: (await findFamilyProfile(db, user.id, id))! };
    return c.json(body, 201);
  })

  .put('/api/family/:id', requireAuth, async (c) => {
    const id = idParam(c);
    const now = c.var.now();
    const input = await readBody(
      c,
      familyProfileInputSchema(() => latestToday(now)),
    );
    const { db, user } = c.var;
    if (!(await updateFamilyProfile(db, user.id, id, input, now.toISOString()))) notFound('Family member');
    const body: FamilyProfileResponse = { profile: (await findFamilyProfile(db, user.id, id))! };
    return c.json(body, 200);
  })

  .delete('/api/family/:id', requireAuth, async (c) => {
    if (!(await deleteFamilyProfile(c.var.db, c.var.user.id, idParam(c)))) notFound('Family member');
    return c.json({ message: familyMessages.deleted }, 200);
  });
