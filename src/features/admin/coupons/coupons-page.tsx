import { Link } from 'wouter';
import { couponStatusLabels, type AdminCoupon } from '../../../../contract/admin/coupons.ts';
import { formatRupees } from '../../../../contract/money.ts';
import { fetchStaffCoupons } from '../../../lib/admin/coupons.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { Column } from '../parts/list-parts.tsx';
import { WholeList } from '../parts/whole-list.tsx';

const couponTerms = (coupon: AdminCoupon) =>
  [
    coupon.kind === 'percent'
      ? `${coupon.value}% off${coupon.maxDiscount !== null ? ` (up to ${formatRupees(coupon.maxDiscount)})` : ''}`
      : `${formatRupees(coupon.value)} off`,
    coupon.minSubtotal > 0 ? `on ${formatRupees(coupon.minSubtotal)} or more` : null,
  ]
    .filter(Boolean)
    .join(' ');

/** Real dates in India's time: a coupon with no start works from its creation. */
const validity = (coupon: AdminCoupon) => {
  const from = formatDateTime(coupon.startsAt ?? coupon.createdAt);
  return coupon.expiresAt ? `${from} – ${formatDateTime(coupon.expiresAt)}` : `From ${from}, no end`;
};

const columns: Column[] = ['Code', 'Discount', 'Valid', { label: 'Used', num: true }, 'Limits', 'Status'];

const row = (coupon: AdminCoupon) => (
  <tr key={coupon.id}>
    <td>
      <Link href={`/admin/coupons/${coupon.id}`}>{coupon.code}</Link>
    </td>
    <td>{couponTerms(coupon)}</td>
    <td>{validity(coupon)}</td>
    <td className="num">{coupon.timesUsed}</td>
    <td>
      {coupon.usageLimit === null ? 'No total limit' : `${coupon.usageLimit} in all`}
      <div className="bo-muted">
        {coupon.perCustomerLimit === null
          ? 'Any number per customer'
          : `${coupon.perCustomerLimit} per customer`}
      </div>
    </td>
    <td>
      {coupon.status === 'active' ? (
        couponStatusLabels.active
      ) : (
        <span className="bo-tag">{couponStatusLabels[coupon.status]}</span>
      )}
    </td>
  </tr>
);

/** The coupons, each with its terms, validity, limits and how many times it was used. */
export function CouponsPage() {
  return <WholeList of="coupons" load={fetchStaffCoupons} columns={columns} row={row} />;
}
