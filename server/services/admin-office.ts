import crypto from 'node:crypto';
import type { AdminCoupon, CouponInput, StoredCoupon } from '../../contract/admin/coupons.ts';
import type { SankalpPuja, SankalpSheetResponse } from '../../contract/admin/sankalp.ts';
import type { StaffListResponse } from '../../contract/admin/staff.ts';
import type { AcceptInvitationInput, StaffInvitationInfo } from '../../contract/staff-invitations.ts';
import { couponStatus } from '../../contract/admin/coupons.ts';
import { STAFF_INVITATION_TTL_DAYS } from '../../contract/admin/staff.ts';
import { roleLabels } from '../../contract/roles.ts';
import {
  gothraInScript,
  nakshatraInScript,
  nameInScript,
  raashiInScript,
} from '../../contract/sankalp-script.ts';
import { INVITED_ROLE, invitedRoleDoes } from '../../contract/staff-invitations.ts';
import type { TempleScriptName } from '../../contract/temple-script.ts';
import { sankalpLockAt } from '../../contract/policy.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/client.ts';
import { bookingsForSankalp } from '../db/repositories/back-office.ts';
import {
  couponCodeTaken,
  findCouponForStaff,
  insertCoupon,
  listCouponsForStaff,
  updateCoupon,
} from '../db/repositories/coupons.ts';
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
} from '../db/repositories/staff.ts';
import {
  createUser,
  deleteSessionsOf,
  findUserByEmail,
  setPasswordHash,
  setRole,
} from '../db/repositories/users.ts';
import { inTransaction } from '../db/transaction.ts';
import type { Mailer } from '../mail/mailer.ts';
import { versionedEdit, changes, type Deps } from './admin-catalogue.ts';
import { audit } from './audit.ts';
import { Refusal } from './refusal.ts';

/**
 * Coupons, the staff and the sankalp sheet (docs/product-rules.md, Roles and the back office).
 * Every write is audited in its own transaction.
 */

/* ------------------------------------------------------------------------------------------
 * Coupons
 * ---------------------------------------------------------------------------------------- */

const describe = (c: CouponInput) => (c.kind === 'percent' ? `${c.value}% off` : `₹${c.value} off`);

export async function createCoupon({ db, actor, now }: Deps, input: CouponInput): Promise<AdminCoupon> {
  return inTransaction(db, async (trx) => {
    if (await couponCodeTaken(trx, input.code))
      throw Refusal.of('coupon_code_taken');
    const id = await insertCoupon(trx, input, now.toISOString());
    const after = (await findCouponForStaff(trx, id))!;
    await audit(trx, actor, now, {
      action: 'coupon.create',
      entity: 'coupon',
      entityId: id,
      summary: `Created the coupon ${input.code} (${describe(input)})`,
      after,
    });
    return withStatus(after, now);
  });
}

/** A stored coupon with where it stands at `now` (contract/admin-office.ts, `couponStatus`). */
export const withStatus = (coupon: StoredCoupon, now: Date): AdminCoupon => ({
  ...coupon,
  status: couponStatus(coupon, now),
});

/** The back office's coupons, newest first, each with its status by the server's clock. */
export async function listCoupons(db: Db, now: Date): Promise<AdminCoupon[]> {
  return (await listCouponsForStaff(db)).map((coupon) => withStatus(coupon, now));
}

export async function editCoupon(
  deps: Deps,
  id: number,
  version: number,
  input: CouponInput,
): Promise<AdminCoupon> {
  if (await couponCodeTaken(deps.db, input.code, id))
    throw Refusal.of('coupon_code_taken');
  const after = await versionedEdit(deps, {
    what: 'Coupon',
    entity: 'coupon',
    id,
    version,
    read: (trx) => findCouponForStaff(trx, id),
    write: (trx) => updateCoupon(trx, id, version, input),
    action: 'coupon.update',
    summary: (before, after) =>
      `Edited the coupon ${after.code}: ${changes('coupon', before, { ...after, timesUsed: before.timesUsed })}`,
  });
  return withStatus(after, deps.now);
}

/* ------------------------------------------------------------------------------------------
 * Staff: only admins manage them; an invitation is an e-mailed, single-use link
 * ---------------------------------------------------------------------------------------- */

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export async function staffList(db: Db, now: Date): Promise<StaffListResponse> {
  return { staff: await listStaff(db), invitations: await listOpenInvitations(db, now.toISOString()) };
}

export interface InviteOptions {
  mailer: Mailer;
  publicUrl: string;
  brand: string;
}

/**
 * Invites an e-mail to the staff: a link that works once, for STAFF_INVITATION_TTL_DAYS. Whoever
 * opens it proves they read that inbox; only then does the account (new or existing) become
 * staff. A new invitation withdraws the open ones to the same address.
 */
export async function inviteStaff(
  { db, actor, now }: Deps,
  email: string,
  { mailer, publicUrl, brand }: InviteOptions,
): Promise<StaffListResponse> {
  const existing = await findUserByEmail(db, email);
  if (existing && existing.role !== 'customer')
    throw Refusal.of('already_staff');
  const token = crypto.randomBytes(32).toString('base64url');
  const inviter = await findUserRow(db, actor.id);
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
  });
  const link = `${publicUrl.replace(/\/+$/, '')}/#/staff-invitation?token=${token}`;
  await mailer.send({
    to: email,
    subject: `You are invited to the ${brand} back office as ${roleLabels[INVITED_ROLE]}`,
    text: [
      'Namaste,',
      '',
      `${inviter?.name ?? 'An admin'} has invited you to join ${brand}'s back office with the role ${roleLabels[INVITED_ROLE]}.`,
      `As ${roleLabels[INVITED_ROLE]} you ${invitedRoleDoes}.`,
      `Open this link within ${STAFF_INVITATION_TTL_DAYS} days to accept; it works once:`,
      '',
      link,
      '',
      'If you were not expecting this, you can ignore this e-mail.',
    ].join('\n'),
  });
  return staffList(db, now);
}

export async function withdrawInvitation({ db, actor, now }: Deps, id: number): Promise<StaffListResponse> {
  await inTransaction(db, async (trx) => {
    const invitation = await findInvitation(trx, id);
    if (!invitation || !(await revokeInvitation(trx, id, now.toISOString())))
      throw Refusal.of('invitation_not_found');
    await audit(trx, actor, now, {
      action: 'staff.withdraw',
      entity: 'staff',
      entityId: `invitation-${id}`,
      summary: `Withdrew the invitation to ${invitation.email}`,
      before: { email: invitation.email },
    });
  });
  return staffList(db, now);
}

/** Takes a staff member off the staff: back to a customer, every session ended. Admins stay. */
export async function removeStaff({ db, actor, now }: Deps, userId: number): Promise<StaffListResponse> {
  await inTransaction(db, async (trx) => {
    const user = await findUserRow(trx, userId);
    if (!user || user.role === 'customer') throw Refusal.of('not_staff');
    if (user.role === 'admin') throw Refusal.of('cannot_remove_admin');
    if (!(await demoteStaff(trx, userId))) throw Refusal.of('not_staff');
    await deleteSessionsOf(trx, userId);
    await audit(trx, actor, now, {
      action: 'staff.remove',
      entity: 'staff',
      entityId: userId,
      summary: `Removed ${user.name} (${user.email}) from the staff`,
      before: { role: 'staff' },
      after: { role: 'customer' },
    });
  });
  return staffList(db, now);
}

async function openInvitation(db: Db, token: string, now: Date) {
  const invitation = await findInvitationByToken(db, hashToken(token));
  if (!invitation || invitation.revokedAt) throw Refusal.of('invitation_invalid');
  if (invitation.acceptedAt) throw Refusal.of('invitation_used');
  if (Date.parse(invitation.expiresAt) <= now.getTime())
    throw Refusal.of('invitation_expired');
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
    if (!(await acceptInvitation(trx, invitation.id, now.toISOString())))
      throw Refusal.of('invitation_used');
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

/* ------------------------------------------------------------------------------------------
 * The sankalp sheet
 * ---------------------------------------------------------------------------------------- */

/**
 * The day's pujas for the priests: each booking's devotees, grouped by puja and package, with
 * each name and gothra also in the temple's script (docs/product-rules.md, The sankalp in the
 * temple's script).
 */
export async function sankalpSheet(db: Db, day: string, now: Date): Promise<SankalpSheetResponse> {
  const { bookings, persons, offerings } = await bookingsForSankalp(db, day);
  const pujas: SankalpPuja[] = [];
  for (const booking of bookings) {
    const script: TempleScriptName = booking.script ?? 'devanagari';
    let puja = pujas.find((p) => p.pujaId === booking.pujaId && p.pujaDate === booking.pujaDate);
    if (!puja) {
      puja = {
        pujaId: booking.pujaId,
        pujaName: booking.pujaName,
        place: booking.pujaPlace,
        pujaDate: booking.pujaDate,
        script,
        packages: [],
      };
      pujas.push(puja);
    }
    let pkg = puja.packages.find((p) => p.packageId === booking.packageId);
    if (!pkg) {
      pkg = { packageId: booking.packageId, title: booking.packageTitle, bookings: [] };
      puja.packages.push(pkg);
    }
    pkg.bookings.push({
      id: booking.id,
      bookingNumber: booking.bookingNumber,
      status: booking.status,
      // Locked, or due to be at the server's next tick: the names go to the priest as they are.
      namesFinal: booking.status !== 'confirmed' || now.getTime() >= sankalpLockAt(booking.pujaDate),
      customerName: booking.customerName,
      persons: persons
        .filter((p) => p.bookingId === booking.id)
        .map((p) => ({
          name: p.name,
          nameInScript: p.nameInScript ?? nameInScript(p.name, script),
          gothra: p.gothra,
          gothraInScript: p.gothraInScript ?? gothraInScript(p.gothra, script),
          nakshatra: p.nakshatra === '' ? null : p.nakshatra,
          nakshatraInScript: p.nakshatra === '' ? null : nakshatraInScript(p.nakshatra, script),
          raashi: p.raashi,
          raashiInScript: raashiInScript(p.raashi, script),
          dateOfBirth: p.dateOfBirth,
          birthTime: p.birthTimeKnown ? p.birthTime : null,
          birthPlace: p.birthPlaceKnown ? p.birthPlace : null,
        })),
      offerings: offerings
        .filter((o) => o.bookingId === booking.id)
        .map((o) => ({
          offeringId: o.offeringId,
          name: o.name,
          unit: o.unit,
          price: o.price,
          quantity: o.quantity,
          delivery: o.delivery,
          amount: o.price * o.quantity,
        })),
      gift:
        booking.isGift === 1
          ? { message: booking.giftMessage ?? '', recipientName: booking.recipientName }
          : null,
    });
  }
  return { date: day, pujas };
}
