import { Hono } from 'hono';
import { InviteStaffInput, type StaffListResponse } from '../../../contract/admin/staff.ts';
import { requireAdmin } from '../../auth/middleware.ts';
import type { AppEnv } from '../../env.ts';
import { idParam } from '../../http.ts';
import { inviteStaff, removeStaff, staffList, withdrawInvitation } from '../../services/admin/staff.ts';
import { readBody } from '../../validate.ts';
import { staffDeps } from './records.ts';

/**
 * The staff (contract/admin/staff.ts): admins alone manage them (403 for staff). Each write
 * answers the staff and open invitations as they are after.
 */
export const staffRoutes = new Hono<AppEnv>()
  .get('/api/admin/staff', requireAdmin, async (c) => {
    const body: StaffListResponse = await staffList(c.var.db, c.var.now());
    return c.json(body, 200);
  })
  .post('/api/admin/staff/invitations', requireAdmin, async (c) => {
    const { email } = await readBody(c, InviteStaffInput);
    const { mailer, publicUrl, brand, background } = c.var.auth;
    const options = { mailer, publicUrl, brand, background };
    const body: StaffListResponse = await inviteStaff(staffDeps(c), email, options);
    return c.json(body, 201);
  })
  .delete('/api/admin/staff/invitations/:id', requireAdmin, async (c) => {
    const body: StaffListResponse = await withdrawInvitation(staffDeps(c), idParam(c));
    return c.json(body, 200);
  })
  .delete('/api/admin/staff/:id', requireAdmin, async (c) => {
    const body: StaffListResponse = await removeStaff(staffDeps(c), idParam(c));
    return c.json(body, 200);
  });
