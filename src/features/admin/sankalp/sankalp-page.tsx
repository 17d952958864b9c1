import { Link, useLocation, useSearch } from 'wouter';
import type { SankalpPuja } from '../../../../contract/admin/sankalp.ts';
import { OFFERING_DELIVERY_LABELS } from '../../../../contract/puja-offering.ts';
import { TEMPLE_SCRIPT_LABELS, TEMPLE_SCRIPT_LANG } from '../../../../contract/temple-script.ts';
import { fetchSankalpSheet } from '../../../lib/admin/sankalp.ts';
import { formatCalendarDay, formatClockTime, formatDate, formatDateTime } from '../../../lib/format.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { ResourceView } from '../../../ui/status.tsx';
import { dayAfter, indiaToday } from '../../../../contract/india-time.ts';
import { TableHead } from '../parts/list-parts.tsx';
import { ISO_DAY } from '../../../../contract/query.ts';


function PujaSheet({ puja }: { puja: SankalpPuja }) {
  const persons = puja.packages.reduce(
    (sum, p) => sum + p.bookings.reduce((n, b) => n + b.persons.length, 0),
    0,
  );
  return (
    <section className="bo-panel sankalp__puja" aria-labelledby={`sankalp-${puja.pujaId}`}>
      <h2 id={`sankalp-${puja.pujaId}`}>{puja.pujaName}</h2>
      <p className="bo-muted">
        {puja.place} · {formatDateTime(puja.pujaDate)} · read in {TEMPLE_SCRIPT_LABELS[puja.script]} ·{' '}
        {persons} {persons === 1 ? 'devotee' : 'devotees'}
      </p>
      <p className="sankalp__status">
        {puja.packages.every((pkg) => pkg.bookings.every((booking) => booking.namesFinal))
          ? 'All names on this sheet are final: the sankalp is locked.'
          : 'Some names may still change: the sankalp locks 12 hours before the puja. Print again after the lock.'}
      </p>
      {puja.packages.map((pkg) => (
        <div key={pkg.packageId} className="sankalp__package">
          <h3>{pkg.title}</h3>
          <table className="bo-table sankalp__table">
            <caption className="visually-hidden">
              {puja.pujaName}, {pkg.title}
            </caption>
            <TableHead columns={['Booking', 'Name', 'Gothra', 'Nakshatra', 'Raashi', 'Birth']} />
            <tbody>
              {pkg.bookings.flatMap((booking) =>
                booking.persons.map((person, index) => (
                  <tr key={`${booking.id}-${index}`}>
                    {index === 0 && (
                      <td rowSpan={booking.persons.length}>
                        <Link href={`/admin/bookings/${booking.id}`}>{booking.bookingNumber}</Link>
                        <div className="bo-muted">{booking.customerName}</div>
                        <div className="sankalp__final">
                          {booking.namesFinal ? 'Names final (locked)' : 'Names may still change'}
                        </div>
                        {booking.gift && (
                          <div>
                            Gift
                            {booking.gift.recipientName && ` for ${booking.gift.recipientName}`}
                            {booking.gift.message && (
                              <>
                                : <q>{booking.gift.message}</q>
                              </>
                            )}
                          </div>
                        )}
                        {booking.offerings.length > 0 && (
                          <ul className="sankalp__offerings" aria-label="Offerings">
                            {booking.offerings.map((offering) => (
                              <li key={offering.offeringId}>
                                {offering.name} × {offering.quantity} (
                                {OFFERING_DELIVERY_LABELS[offering.delivery]})
                              </li>
                            ))}
                          </ul>
                        )}
                      </td>
                    )}
                    <td>
                      <span className="sankalp__script" lang={TEMPLE_SCRIPT_LANG[puja.script]}>
                        {person.nameInScript}
                      </span>
                      <div>{person.name}</div>
                    </td>
                    <td>
                      <span className="sankalp__script" lang={TEMPLE_SCRIPT_LANG[puja.script]}>
                        {person.gothraInScript}
                      </span>
                      <div>{person.gothra}</div>
                    </td>
                    <td>
                      <span className="sankalp__script" lang={TEMPLE_SCRIPT_LANG[puja.script]}>
                        {person.nakshatraInScript}
                      </span>
                      <div>{person.nakshatra ?? 'Not known'}</div>
                    </td>
                    <td>
                      <span className="sankalp__script" lang={TEMPLE_SCRIPT_LANG[puja.script]}>
                        {person.raashiInScript}
                      </span>
                      <div>{person.raashi}</div>
                    </td>
                    <td>
                      {formatCalendarDay(person.dateOfBirth)}
                      {person.birthTime ? `, ${formatClockTime(person.birthTime)}` : ', time not known'}
                      {person.birthPlace && <div className="bo-muted">{person.birthPlace}</div>}
                    </td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </div>
      ))}
    </section>
  );
}

function Sheet({ date }: { date: string }) {
  const sheet = useResource((signal) => fetchSankalpSheet(date, signal));
  return (
    <ResourceView resource={sheet} loadingLabel="Loading the sankalp sheet...">
      {({ pujas }) =>
        pujas.length === 0 ? (
          <p className="bo-empty">No bookings for pujas on this day.</p>
        ) : (
          <>
            {pujas.map((puja) => (
              <PujaSheet key={puja.pujaId} puja={puja} />
            ))}
          </>
        )
      }
    </ResourceView>
  );
}

/**
 * The sankalp sheet for a day (docs/product-rules.md, Roles and the back office): every devotee's
 * name and gothra in the temple's script beside the Latin, with nakshatra, raashi and birth
 * details, grouped by puja and package. Printed as it is (admin.css's print rules keep only the
 * sheet, one puja to a page).
 */
export function SankalpPage() {
  const search = new URLSearchParams(useSearch()).get('date') ?? '';
  const date = ISO_DAY.test(search) ? search : indiaToday();
  const [, navigate] = useLocation();
  const go = (day: string) => navigate(`/admin/sankalp?date=${day}`, { replace: true });
  return (
    <>
      <div className="bo-head">
        <div>
          <h1>Sankalp sheet</h1>
          <p className="bo-head__sub">{formatDate(`${date}T06:30:00.000Z`)}</p>
        </div>
        <div className="bo-head__actions bo-no-print">
          <button type="button" className="button" onClick={() => go(dayAfter(date, -1))}>
            Previous day
          </button>
          <div className="field">
            <label htmlFor="sankalp-date" className="visually-hidden">
              Day
            </label>
            <input
              id="sankalp-date"
              className="input"
              type="date"
              value={date}
              onChange={(e) => ISO_DAY.test(e.target.value) && go(e.target.value)}
            />
          </div>
          <button type="button" className="button" onClick={() => go(dayAfter(date, 1))}>
            Next day
          </button>
          <button type="button" className="button button--primary" onClick={() => window.print()}>
            Print
          </button>
        </div>
      </div>
      <Sheet key={date} date={date} />
    </>
  );
}
