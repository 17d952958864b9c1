import * as v from 'valibot';
import { Email } from '../auth.ts';

/**
 * The staff, managed by admins alone (docs/product-rules.md, Roles and the back office);
 * accepting an invitation is contract/staff-invitations.ts's.
 *
 *   GET    /api/admin/staff                          (admin)  -> StaffListResponse
 *   POST   /api/admin/staff/invitations  {email}     (admin)  -> 201 StaffListResponse
 *   DELETE /api/admin/staff/invitations/{id}         (admin)  -> StaffListResponse
 *   DELETE /api/admin/staff/{id}                     (admin)  -> StaffListResponse
 */

/** An invitation works once, for this many days. */
export const STAFF_INVITATION_TTL_DAYS = 7;

export const StaffMember = v.object({
  id: v.number(),
  name: v.string(),
  email: v.string(),
  role: v.picklist(['staff', 'admin']),
  createdAt: v.string(),
});
export type StaffMember = v.InferOutput<typeof StaffMember>;
export const StaffInvitation = v.object({
  id: v.number(),
  email: v.string(),
  invitedBy: v.string(),
  createdAt: v.string(),
  expiresAt: v.string(),
});
export type StaffInvitation = v.InferOutput<typeof StaffInvitation>;
export const StaffListResponse = v.object({
  staff: v.array(StaffMember),
  invitations: v.array(StaffInvitation),
});
export type StaffListResponse = v.InferOutput<typeof StaffListResponse>;

export const InviteStaffInput = v.object({ email: Email });
export type InviteStaffInput = v.InferOutput<typeof InviteStaffInput>;
