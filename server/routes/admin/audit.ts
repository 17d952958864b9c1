import { Hono } from 'hono';
import { AuditQuery, type AuditListResponse } from '../../../contract/admin/audit.ts';
import type { AppEnv } from '../../env.ts';
import { listAuditEntries } from '../../db/repositories/audit-log.ts';
import { readQuery } from '../../validate.ts';

/** The audit log, newest first (contract/admin/audit.ts). */
export const auditRoutes = new Hono<AppEnv>().get('/api/admin/audit', async (c) => {
  const body: AuditListResponse = await listAuditEntries(c.var.db, readQuery(c, AuditQuery));
  return c.json(body, 200);
});
