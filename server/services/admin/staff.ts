import crypto from 'node:crypto';
import { STAFF_INVITATION_TTL_DAYS, type StaffListResponse } from '../../../contract/admin/staff.ts';
import {
  INVITED_ROLE,
  type AcceptInvitationInput,
  type StaffInvitationInfo,
} from '../../../contract/staff-invitations.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { deliverNow } from '../../messages/deliver.ts';
import { queueAccountMessage } from '../../messages/outbox.ts';
import type { Db } from '../../db/client.ts';
import {
  acceptInvitation,
  demoteStaff,
  findInvitation,
  findInvitationByToken,
  findUserRow,
  insertInvitation,
  listOpenInvitations,
  listStaff,
  revokeInvitation,
  revokeInvitationsTo,
} from '../../db/repositories/staff.ts';
import {
  createUser,
  deleteSessionsOf,
  findUserByEmail,
  setPasswordHash,
  setRole,
} from '../../db/repositories/users.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { audit } from '../audit.ts';
import { Refusal } from '../refusal.ts';
import { staffWrite, type Deps } from './records.ts';

/**
 * The staff (docs/product-rules.md, Roles and the back office): only admins manage them; an
 * invitation is an e-mailed, single-use link. Every write is audited in its own transaction.
 */

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export async function staffList(db: Db, now: Date): Promise<StaffListResponse> {
  return { staff: await listStaff(db), invitations: await listOpenInvitations(db, now.toISOString()) };
}

export interface InviteOptions {
  mailer: Mailer;
  publicUrl: string;
  brand: string;
  /** Runs the e-mail's first try after the answer (server/env.ts AuthServices.background). */
  background: (what: string, work: () => Promise<void>) => void;
}

/**
 * Invites an e-mail to the staff: a link that works once, for STAFF_INVITATION_TTL_DAYS. Whoever
 * opens it proves they read that inbox; only then does the account (new or existing) become
 * staff. A new invitation withdraws the open ones to the same address.
 */
export async function inviteStaff(
  { db, actor, now }: Deps,
  email: string,
  { mailer, publicUrl, brand, background }: InviteOptions,
): Promise<StaffListResponse> {
  const existing = await findUserByEmail(db, email);
  if (existing && existing.role !== 'customer') throw Refusal.of('already_staff');
  const token = crypto.randomBytes(32).toString('base64url');
  const inviter = await findUserRow(db, actor.id);
  const link = `${publicUrl.replace(/\/+$/, '')}/#/staff-invitation?token=${token}`;
  const key = `invitation:${hashToken(token).slice(0, 16)}`;
  await inTransaction(db, async (trx) => {
    await revokeInvitationsTo(trx, email, now.toISOString());
    const id = await insertInvitation(trx, {
      email,
      tokenHash: hashToken(token),
      invitedBy: actor.id,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + STAFF_INVITATION_TTL_DAYS * 86_400_000).toISOString(),
    });
    await audit(trx, actor, now, {
      action: 'staff.invite',
      entity: 'staff',
      entityId: `invitation-${id}`,
      summary: `Invited ${email} to the staff`,
      after: { email },
    });
    // The invitation's e-mail is written with it (server/messages/account-templates.ts), tried after the answer.
    await queueAccountMessage(trx, {
      template: 'account.staffInvitation',
      key,
      to: email,
      userId: existing?.id ?? null,
      facts: { kind: 'account', name: existing?.name ?? '', link, inviter: inviter?.name ?? 'An admin' },
      at: now,
    });
  });
  background('staff invitation e-mail', async () => {
    await deliverNow({ db, mailer, render: { publicUrl, brand }, now: () => now }, key);
  });
  return staffList(db, now);
}

export async function withdrawInvitation(deps: Deps, id: number): Promise<StaffListResponse> {
  await staffWrite(deps, async (trx, audited) => {
    const invitation = await findInvitation(trx, id);
    if (!invitation || !(await revokeInvitation(trx, id, deps.now.toISOString())))
      throw Refusal.of('invitation_not_found');
    await audited({
      action: 'staff.withdraw',
      entity: 'staff',
      entityId: `invitation-${id}`,
      summary: `Withdrew the invitation to ${invitation.email}`,
      before: { email: invitation.email },
    });
  });
  return staffList(deps.db, deps.now);
}

/** Takes a staff member off the staff: back to a customer, every session ended. Admins stay. */
export async function removeStaff(deps: Deps, userId: number): Promise<StaffListResponse> {
  await staffWrite(deps, async (trx, audited) => {
    const user = await findUserRow(trx, userId);
    if (!user || user.role === 'customer') throw Refusal.of('not_staff');
    if (user.role === 'admin') throw Refusal.of('cannot_remove_admin');
    if (!(await demoteStaff(trx, userId))) throw Refusal.of('not_staff');
    await deleteSessionsOf(trx, userId);
    await audited({
      action: 'staff.remove',
      entity: 'staff',
      entityId: userId,
      summary: `Removed ${user.name} (${user.email}) from the staff`,
      before: { role: 'staff' },
      after: { role: 'customer' },
    });
  });
  return staffList(deps.db, deps.now);
}

async function openInvitation(db: Db, token: string, now: Date) {
  const invitation = await findInvitationByToken(db, hashToken(token));
  if (!invitation || invitation.revokedAt) throw Refusal.of('invitation_invalid');
  if (invitation.acceptedAt) throw Refusal.of('invitation_used');
  if (Date.parse(invitation.expiresAt) <= now.getTime()) throw Refusal.of('invitation_expired');
  return invitation;
}

export async function invitationInfo(db: Db, token: string, now: Date): Promise<StaffInvitationInfo> {
  const invitation = await openInvitation(db, token, now);
  return {
    email: invitation.email,
    role: INVITED_ROLE,
    accountExists: (await findUserByEmail(db, invitation.email)) !== undefined,
  };
}

/**
 * Accepts an invitation: the e-mail's account (made now, or the one it has, whose password is set
 * anew as a reset link would) becomes staff, its other sessions end, and the link is spent.
 */
export async function acceptStaffInvitation(db: Db, input: AcceptInvitationInput, now: Date): Promise<void> {
  const invitation = await openInvitation(db, input.token, now);
  const passwordHash = await hashPassword(input.password);
  await inTransaction(db, async (trx) => {
    if (!(await acceptInvitation(trx, invitation.id, now.toISOString()))) throw Refusal.of('invitation_used');
    let user = await findUserByEmail(trx, invitation.email);
    if (user) {
      await setPasswordHash(trx, user.id, passwordHash);
      await deleteSessionsOf(trx, user.id);
    } else {
      const name = input.name.trim() || invitation.email.split('@')[0]!;
      user = await createUser(trx, { name, email: invitation.email, passwordHash });
    }
    if (user.role === 'customer') await setRole(trx, user.id, 'staff');
    await audit(trx, { id: user.id }, now, {
      action: 'staff.join',
      entity: 'staff',
      entityId: user.id,
      summary: `${user.name} (${user.email}) accepted the invitation and joined the staff`,
      after: { role: 'staff' },
    });
  });
}
