/**
 * Who a user is to the shop. Apart from contract/lifecycle.ts (which re-exports these) so the
 * session's user schema (contract/auth.ts), which every page starts, does not bring the
 * lifecycle's schemas and messages along (docs/decisions/0032-the-entry-loads-what-the-first-paint-needs.md).
 */

/** A user's role: every account is a customer; staff and admins are made on the command line only. */
export const USER_ROLES = ['customer', 'staff', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const isStaffRole = (role: UserRole | undefined) => role === 'staff' || role === 'admin';

/** A role as the back office and its e-mails name it. */
export const roleLabels: Record<UserRole, string> = { customer: 'Customer', staff: 'Staff', admin: 'Admin' };
