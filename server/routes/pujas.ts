import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { catalogueQueryString, PujaQuery } from '../../contract/catalogue-query.ts';
import {
  findNextPujaDate,
  findPuja,
  findPujaScript,
  listPackages,
  listPujas,
} from '../db/repositories/catalogue.ts';
import { listPujaOfferings } from '../db/repositories/offerings.ts';
import { otherDatesOf } from '../db/repositories/puja-dates.ts';
import type { PujaDatesResponse } from '../../contract/catalogue.ts';
import { idParam, notFound } from '../http.ts';
import { readQuery } from '../validate.ts';

const MINUTE_MS = 60_000;

export const pujaRoutes = new Hono<AppEnv>()
  .get('/pujas', (c) => {
    const query = readQuery(c, PujaQuery);
    const now = c.get('now')();
    // A date filter and the default order (open pujas first) read the clock: the answer is kept
    // for the minute it was made in.
    const readsClock = query.when !== undefined || (query.sort ?? 'default') === 'default';
    const minute = readsClock ? Math.floor(now.getTime() / MINUTE_MS) : undefined;
    return c.get('catalogue').respond(c, `pujas${catalogueQueryString({ ...query, minute })}`, async () => {
      const { items, total } = await listPujas(c.get('db'), query, now);
      return { pujas: items, total };
    });
  })
  .get('/pujas/:id', (c) => {
    const id = idParam(c);
    const now = c.get('now')();
    // The next date reads the clock: the answer is kept for the minute it was made in.
    const minute = Math.floor(now.getTime() / MINUTE_MS);
    return c.get('catalogue').respond(c, `puja/${id}?minute=${minute}`, async () => {
      const db = c.get('db');
      const puja = await findPuja(db, id);
      if (!puja) notFound('Puja');
      // The temple's script, the offerings and the next date join the section-7 fields (contract/catalogue.ts).
      const script = await findPujaScript(db, id);
      const nextDate = await findNextPujaDate(db, id, now);
      return { pujas: [{ ...puja, script, offerings: await listPujaOfferings(db, id), nextDate }] };
    });
  })
  // The other dates of the same puja still open, with their places and lowest price
  // (docs/product-rules.md, Rescheduling): what a full date and a booking's "Change date" offer.
  .get('/pujas/:id/dates', (c) => {
    const id = idParam(c);
    const now = c.get('now')();
    const minute = Math.floor(now.getTime() / MINUTE_MS);
    return c.get('catalogue').respond(c, `puja/${id}/dates?minute=${minute}`, async () => {
      const db = c.get('db');
      if (!(await findPuja(db, id))) notFound('Puja');
      const body: PujaDatesResponse = { dates: await otherDatesOf(db, id, now) };
      return body;
    });
  })
  .get('/packages/:pujaId', (c) => {
    const pujaId = idParam(c, 'pujaId');
    return c.get('catalogue').respond(c, `packages/${pujaId}`, async () => {
      if (!(await findPuja(c.get('db'), pujaId))) notFound('Puja');
      return { packages: await listPackages(c.get('db'), pujaId) };
    });
  });
