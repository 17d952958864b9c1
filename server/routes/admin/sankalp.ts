import { Hono } from 'hono';
import { SankalpQuery, type SankalpSheetResponse } from '../../../contract/admin/sankalp.ts';
import type { AppEnv } from '../../env.ts';
import { sankalpSheet } from '../../services/admin/sankalp.ts';
import { readQuery } from '../../validate.ts';

/** The day's sankalp sheet for the priests (contract/admin/sankalp.ts). */
export const sankalpRoutes = new Hono<AppEnv>().get('/api/admin/sankalp', async (c) => {
  const { date } = readQuery(c, SankalpQuery);
  const body: SankalpSheetResponse = await sankalpSheet(c.var.db, date, c.var.now());
  return c.json(body, 200);
});
