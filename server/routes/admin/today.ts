import { Hono } from 'hono';
import type { TodayResponse } from '../../../contract/admin/today.ts';
import type { AppEnv } from '../../env.ts';
import { todayNumbers } from '../../db/repositories/admin/today.ts';

/** The back office's first page: today's numbers and waiting work (contract/admin/today.ts). */
export const todayRoutes = new Hono<AppEnv>().get('/api/admin/today', async (c) => {
  const body: TodayResponse = await todayNumbers(c.var.db, c.var.now());
  return c.json(body, 200);
});
