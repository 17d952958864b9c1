import { sql, type Expression, type SqlBool } from 'kysely';
import type { AdminCustomer } from '../../../../contract/admin/queues.ts';
import type { Db } from '../../client.ts';
import { likeAnywhere } from './records.ts';

/**
 * What the back office's lists of orders and bookings share (data access only): the search text
 * matching any part of the record's number, the customer's e-mail, or their phone or the
 * delivery mobile, and the customer each record names.
 */

export function searchConditions(
  q: string,
  refs: { number: string; email: string; phone: string; mobile: string },
): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [
    // Any part of the number: staff read "000123" or "20261121-000123" off a parcel or a call.
    sql<SqlBool>`lower(${sql.ref(refs.number)}) like ${likeAnywhere(q)} escape '\\'`,
    sql<SqlBool>`lower(${sql.ref(refs.email)}) like ${likeAnywhere(q)} escape '\\'`,
  ];
  const digits = q.replace(/\D/g, '');
  if (digits.length >= 4) {
    const phone = sql`replace(replace(replace(coalesce(${sql.ref(refs.phone)}, ''), ' ', ''), '-', ''), '+', '')`;
    conditions.push(sql<SqlBool>`${phone} like ${`%${digits}%`}`);
    conditions.push(sql<SqlBool>`coalesce(${sql.ref(refs.mobile)}, '') like ${`%${digits}%`}`);
  }
  return conditions;
}

export const customerOf = (row: {
  userId: number;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
}): AdminCustomer => ({
  id: row.userId,
  name: row.customerName,
  email: row.customerEmail,
  phone: row.customerPhone,
});

export async function findCustomer(db: Db, userId: number): Promise<AdminCustomer> {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'phone'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}
