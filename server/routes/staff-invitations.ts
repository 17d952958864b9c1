import { Hono } from 'hono';
import {
  AcceptInvitationInput,
  InvitationTokenInput,
  staffMessages,
  type StaffInvitationInfo,
} from '../../contract/staff-invitations.ts';
import type { AppEnv } from '../env.ts';
import { acceptStaffInvitation, invitationInfo } from '../services/admin/staff.ts';
import { readBody } from '../validate.ts';

/**
 * Accepting an admin's invitation to the staff (contract/staff-invitations.ts): public, the
 * e-mailed token is the proof, sent in a body so no URL the API logs carries it.
 */
export const staffInvitationRoutes = new Hono<AppEnv>()
  .post('/api/staff-invitations/lookup', async (c) => {
    const { token } = await readBody(c, InvitationTokenInput);
    const body: StaffInvitationInfo = await invitationInfo(c.var.db, token, c.var.now());
    return c.json(body, 200);
  })
  .post('/api/staff-invitations/accept', async (c) => {
    await acceptStaffInvitation(c.var.db, await readBody(c, AcceptInvitationInput), c.var.now());
    return c.json({ message: staffMessages.accepted }, 200);
  });
