import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { AdminBookingQuery } from '../../contract/admin/bookings.ts';
import { AdminOrderQuery } from '../../contract/admin/orders.ts';
import { AuditQuery, type AuditListResponse } from '../../contract/admin/audit.ts';
import { CouponInput, CouponUpdate, type AdminCouponListResponse, type AdminCouponResponse } from '../../contract/admin/coupons.ts';
import { SankalpQuery, type SankalpSheetResponse } from '../../contract/admin/sankalp.ts';
import { InviteStaffInput, type StaffListResponse } from '../../contract/admin/staff.ts';
import { type TodayResponse } from '../../contract/admin/today.ts';
import { AcceptInvitationInput, InvitationTokenInput, staffMessages, type StaffInvitationInfo } from '../../contract/staff-invitations.ts';
import { bookingStateLabels, orderStateLabels } from '../../contract/lifecycle.ts';
import type { AppEnv } from '../env.ts';
import { listAuditEntries } from '../db/repositories/audit-log.ts';
import { todayNumbers } from '../db/repositories/back-office.ts';
import { listBookingsForStaff, listOrdersForStaff } from '../db/repositories/staff-lists.ts';
import { idParam } from '../http.ts';
import type { Deps } from '../services/admin-catalogue.ts';
import * as office from '../services/admin-office.ts';
import { indiaDateTime, toCsv } from '../services/csv.ts';
import { readBody, readQuery } from '../validate.ts';

/**
 * Today, the sankalp sheet, the queues' CSV exports, coupons, the audit log and the staff
 * (contract/admin-office.ts; docs/product-rules.md, Roles and the back office). Staff or admin
 * token everywhere; managing the staff is for admins only (403 for staff). Accepting an
 * invitation is public: its e-mailed link is the proof.
 */

/** After the back office's guard (server/app.ts): admins only (docs/product-rules.md, Roles and the back office). */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.user.role !== 'admin') return c.json({ message: staffMessages.adminOnly }, 403);
  await next();
});

const deps = (c: Context<AppEnv>): Deps => ({ db: c.var.db, actor: { id: c.var.user.id }, now: c.var.now() });

/** Every record the filter matches (not one page), for a spreadsheet. */
const EXPORT_MAX = 10_000;

const csvResponse = (c: Context, name: string, text: string) =>
  c.body(text, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${name}"`,
    'Cache-Control': 'no-store',
  });

export const adminOfficeRoutes = new Hono<AppEnv>()
  .get('/api/admin/today', async (c) => {
    const body: TodayResponse = await todayNumbers(c.var.db, c.var.now());
    return c.json(body, 200);
  })

  .get('/api/admin/sankalp', async (c) => {
    const { date } = readQuery(c, SankalpQuery);
    const body: SankalpSheetResponse = await office.sankalpSheet(c.var.db, date, c.var.now());
    return c.json(body, 200);
  })

  .get('/api/admin/orders.csv', async (c) => {
    const query = readQuery(c, AdminOrderQuery);
    const { orders } = await listOrdersForStaff(c.var.db, { ...query, limit: EXPORT_MAX, offset: 0 });
    const text = toCsv(
      [
        'Order',
        'Placed (IST)',
        'Customer',
        'E-mail',
        'Phone',
        'Items',
        'Total (₹)',
        'Payment',
        'Payment status',
        'Status',
      ],
      orders.map((o) => [
        o.orderNumber,
        indiaDateTime(o.createdAt),
        o.customer.name,
        o.customer.email,
        o.customer.phone,
        o.itemCount,
        o.total,
        o.paymentMethod === 'cod' ? 'Cash on delivery' : 'Online',
        o.paymentStatus,
        orderStateLabels[o.orderStatus],
      ]),
    );
    return csvResponse(c, `orders-${new Date().toISOString().slice(0, 10)}.csv`, text);
  })

  .get('/api/admin/bookings.csv', async (c) => {
    const query = readQuery(c, AdminBookingQuery);
    const { bookings } = await listBookingsForStaff(c.var.db, { ...query, limit: EXPORT_MAX, offset: 0 });
    const text = toCsv(
      [
        'Booking',
        'Booked (IST)',
        'Puja',
        'Temple',
        'Puja date (IST)',
        'Package',
        'Persons',
        'Amount (₹)',
        'Customer',
        'E-mail',
        'Phone',
        'Status',
      ],
      bookings.map((b) => [
        b.bookingNumber,
        indiaDateTime(b.createdAt),
        b.pujaName,
        b.pujaPlace,
        indiaDateTime(b.pujaDate),
        b.packageTitle,
        b.personCount,
        b.amount,
        b.customer.name,
        b.customer.email,
        b.customer.phone,
        bookingStateLabels[b.status] ?? b.status,
      ]),
    );
    return csvResponse(c, `bookings-${new Date().toISOString().slice(0, 10)}.csv`, text);
  })

  // Coupons
  .get('/api/admin/coupons', async (c) => {
    const body: AdminCouponListResponse = { coupons: await office.listCoupons(c.var.db, c.var.now()) };
    return c.json(body, 200);
  })
  .post('/api/admin/coupons', async (c) => {
    const body: AdminCouponResponse = {
      coupon: await office.createCoupon(deps(c), await readBody(c, CouponInput)),
    };
    return c.json(body, 201);
  })
  .put('/api/admin/coupons/:id', async (c) => {
    const id = idParam(c);
    const { version, ...input } = await readBody(c, CouponUpdate);
    const body: AdminCouponResponse = { coupon: await office.editCoupon(deps(c), id, version, input) };
    return c.json(body, 200);
  })

  // The audit log
  .get('/api/admin/audit', async (c) => {
    const body: AuditListResponse = await listAuditEntries(c.var.db, readQuery(c, AuditQuery));
    return c.json(body, 200);
  })

  // The staff: admins only
  .get('/api/admin/staff', requireAdmin, async (c) => {
    const body: StaffListResponse = await office.staffList(c.var.db, c.var.now());
    return c.json(body, 200);
  })
  .post('/api/admin/staff/invitations', requireAdmin, async (c) => {
    const { email } = await readBody(c, InviteStaffInput);
    const { mailer, publicUrl, brand } = c.var.auth;
    const body: StaffListResponse = await office.inviteStaff(deps(c), email, { mailer, publicUrl, brand });
    return c.json(body, 201);
  })
  .delete('/api/admin/staff/invitations/:id', requireAdmin, async (c) => {
    const body: StaffListResponse = await office.withdrawInvitation(deps(c), idParam(c));
    return c.json(body, 200);
  })
  .delete('/api/admin/staff/:id', requireAdmin, async (c) => {
    const body: StaffListResponse = await office.removeStaff(deps(c), idParam(c));
    return c.json(body, 200);
  })

  // Accepting an invitation: public, the e-mailed token is the proof
  .post('/api/staff-invitations/lookup', async (c) => {
    const { token } = await readBody(c, InvitationTokenInput);
    const body: StaffInvitationInfo = await office.invitationInfo(c.var.db, token, c.var.now());
    return c.json(body, 200);
  })
  .post('/api/staff-invitations/accept', async (c) => {
    await office.acceptStaffInvitation(c.var.db, await readBody(c, AcceptInvitationInput), c.var.now());
    return c.json({ message: staffMessages.accepted }, 200);
  });
