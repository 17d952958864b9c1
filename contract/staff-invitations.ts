import * as v from 'valibot';
import { NewPassword } from './auth.ts';
import type { UserRole } from './roles.ts';
import { FORBIDDEN_TEXT, notAllowedMessage, tooLongMessage, wireText } from './text.ts';

/**
 * Joining the staff by an admin's e-mailed invitation (docs/product-rules.md, Roles and the back
 * office): what the public accept page and the staff API share. Apart from the rest of the back
 * office's contract, so the accept page (a customer-side route) carries none of it.
 *
 *   POST /api/staff-invitations/lookup  {token}            -> StaffInvitationInfo
 *   POST /api/staff-invitations/accept  AcceptInvitationInput -> {message}
 */

export const staffMessages = {
  adminOnly: 'Only admins can manage the staff',
  alreadyStaff: 'This person is already on the staff',
  notStaff: 'This person is not on the staff',
  cannotRemoveAdmin: 'Admins are managed on the command line (npm run admin:create)',
  invitationNotFound: 'Invitation not found',
  invited: (email: string) => `Invitation sent to ${email}`,
  linkInvalid: 'This invitation link is not valid. Please ask an admin for a new one.',
  linkExpired: 'This invitation has expired. Please ask an admin for a new one.',
  linkUsed: 'This invitation has already been used.',
  accepted: 'Welcome to the team! Please sign in to open the back office.',
  acceptFailed: 'Failed to accept the invitation',
} as const;

export const STAFF_INVITATION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The role an invitation gives: staff, always (admins are made on the command line only). The
 * e-mail and the accept page both say it, and what it lets the person do.
 */
export const INVITED_ROLE = 'staff' as const satisfies UserRole;
export const invitedRoleDoes =
  'work on orders and bookings, the sankalp sheet, the catalogue and coupons; managing the staff stays with the admins';

export const StaffInvitationInfo = v.object({
  email: v.string(),
  /** The role accepting gives (INVITED_ROLE). */
  role: v.literal(INVITED_ROLE),
  /** Whether the e-mail already has an account (then its password is set anew, and its name kept). */
  accountExists: v.boolean(),
});
export type StaffInvitationInfo = v.InferOutput<typeof StaffInvitationInfo>;

const noteText = (label: string, max: number) =>
  v.pipe(
    wireText(`${label} must be text`),
    v.trim(),
    v.maxLength(max, tooLongMessage(label, max)),
    v.check((value) => !FORBIDDEN_TEXT.test(value), notAllowedMessage(label)),
  );
const invitationToken = v.pipe(
  v.string(staffMessages.linkInvalid),
  v.regex(STAFF_INVITATION_TOKEN, staffMessages.linkInvalid),
);
/** The invitation's token, sent in a body (POST /api/staff-invitations/lookup), never in a URL the API logs. */
export const InvitationTokenInput = v.object({ token: invitationToken });
export const AcceptInvitationInput = v.object({
  token: invitationToken,
  /** For a new account; ignored when the e-mail already has one. */
  name: v.optional(noteText('Name', 100), ''),
  password: NewPassword,
});
export type AcceptInvitationInput = v.InferOutput<typeof AcceptInvitationInput>;
