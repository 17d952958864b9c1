import { Link } from 'wouter';
import { LOCK_SOON_HOURS } from '../../../../contract/admin/today.ts';
import { dayAfter } from '../../../../contract/india-time.ts';
import { formatRupees } from '../../../../contract/money.ts';
import { fetchToday } from '../../../lib/admin/today.ts';
import { formatDate, countOf } from '../../../lib/format.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { ResourceView } from '../../../ui/status.tsx';

function Stat({
  label,
  value,
  more,
  href,
  tone,
}: {
  label: string;
  value: string | number;
  more?: string;
  href?: string;
  tone?: 'waiting' | 'quiet';
}) {
  const body = (
    <>
      <span className="bo-stat__label">{label}</span>
      <span className="bo-stat__value">{value}</span>
      {more && <span className="bo-stat__more">{more}</span>}
    </>
  );
  const className = `bo-stat${tone ? ` bo-stat--${tone}` : ''}`;
  return href ? (
    <Link href={href} className={className}>
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  );
}

/**
 * Today (docs/product-rules.md, Roles and the back office): the day's and the week's numbers, and
 * the work waiting, each count a link to the queue that holds it.
 */
export function TodayPage() {
  const today = useResource(fetchToday);
  return (
    <>
      <div className="bo-head">
        <div>
          <h1>Today</h1>
          <p className="bo-head__sub">{formatDate(new Date().toISOString())}</p>
        </div>
      </div>
      <ResourceView resource={today} loadingLabel="Loading today’s numbers..." reserve="420px">
        {(t) => {
          const q = (path: string, query: Record<string, string>) =>
            `${path}?${new URLSearchParams(query).toString()}`;
          const w = t.waiting;
          const work: [string, number, string, string][] = [
            [
              'Orders to pack',
              w.ordersToPack,
              q('/admin/orders', { status: 'processing' }),
              'Placed, not yet packed',
            ],
            [
              'Orders to ship',
              w.ordersToShip,
              q('/admin/orders', { status: 'packed' }),
              'Packed, waiting for the courier',
            ],
            [
              'Bookings to lock',
              w.bookingsToLock,
              q('/admin/bookings', { status: 'confirmed', to: dayAfter(t.date, 2) }),
              `Sankalp locks within ${LOCK_SOON_HOURS} hours: check the names`,
            ],
            [
              'Pujas to perform',
              w.bookingsToPerform,
              q('/admin/bookings', { status: 'sankalpLocked' }),
              'Sankalp locked: record the proof',
            ],
            [
              'Prasad to ship',
              w.prasadToShip,
              q('/admin/bookings', { status: 'performed' }),
              'Performed, prasad not yet sent',
            ],
            [
              'Damage claims',
              w.damageClaims,
              q('/admin/orders', { status: 'damageClaimed' }),
              'Approve or reject',
            ],
            [
              'Order refunds',
              w.orderRefundsPending,
              q('/admin/orders', { status: 'refundPending' }),
              'Cancelled or claimed: refund pending',
            ],
            [
              'Booking refunds',
              w.bookingRefundsPending,
              q('/admin/bookings', { status: 'refundPending' }),
              'Cancelled or not performed: refund pending',
            ],
            [
              'Failed messages',
              w.failedMessages,
              q('/admin/messages', { status: 'failed' }),
              'Out of tries: send them again',
            ],
          ];
          return (
            <>
              <section className="bo-panel" aria-labelledby="today-numbers">
                <h2 id="today-numbers">Numbers</h2>
                <div className="bo-grid bo-grid--stats">
                  <Stat
                    label="Orders today"
                    value={t.today.orders}
                    more={`${t.last7Days.orders} in the last 7 days`}
                    href={q('/admin/orders', { from: t.date, to: t.date })}
                  />
                  <Stat
                    label="Revenue today"
                    value={formatRupees(t.today.revenue)}
                    more={`${formatRupees(t.last7Days.revenue)} in the last 7 days`}
                  />
                  <Stat
                    label="Bookings today"
                    value={t.today.bookings}
                    more={`${t.last7Days.bookings} in the last 7 days`}
                    href={q('/admin/bookings', { dateOf: 'booked', from: t.date, to: t.date })}
                  />
                  <Stat
                    label="Pujas due today"
                    value={t.pujasToday}
                    more={countOf(t.bookingsToday, 'booking')}
                    href={`/admin/sankalp?date=${t.date}`}
                  />
                  <Stat
                    label="Low stock"
                    value={t.lowStock}
                    more={`${t.outOfStock} out of stock`}
                    href="/admin/products?stock=low"
                  />
                </div>
              </section>
              <section className="bo-panel" aria-labelledby="today-work">
                <h2 id="today-work">Work waiting</h2>
                <div className="bo-grid bo-grid--work">
                  {work.map(([label, value, href, more]) => {
                    const stat = { label, value, href, more };
                    return <Stat key={label} {...stat} tone={value > 0 ? 'waiting' : 'quiet'} />;
                  })}
                </div>
              </section>
            </>
          );
        }}
      </ResourceView>
    </>
  );
}
