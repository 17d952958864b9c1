import { Hono, type Context } from 'hono';
import { AdminBookingQuery } from '../../../contract/admin/bookings.ts';
import { AdminOrderQuery } from '../../../contract/admin/orders.ts';
import type { AppEnv } from '../../env.ts';
import { bookingsCsv, ordersCsv } from '../../services/admin/exports.ts';
import { readQuery } from '../../validate.ts';

/** The queues as spreadsheets: the list's filters, every record they match (services/admin/exports.ts). */

const csvResponse = (c: Context, name: string, text: string) =>
  c.body(text, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`,
    'Cache-Control': 'no-store',
  });

export const exportRoutes = new Hono<AppEnv>()
  .get('/api/admin/orders.csv', async (c) =>
    csvResponse(c, 'orders', await ordersCsv(c.var.db, readQuery(c, AdminOrderQuery))),
  )
  .get('/api/admin/bookings.csv', async (c) =>
    csvResponse(c, 'bookings', await bookingsCsv(c.var.db, readQuery(c, AdminBookingQuery))),
  );
