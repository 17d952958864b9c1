import { Link } from 'wouter';
import { formatRupees } from '../../../../contract/money.ts';
import { liveListMachine, useStaffList } from '../../../live/admin.ts';
import { fetchStaffPujas } from '../../../lib/admin/pujas.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { CatalogueFilters, stateOptions } from '../parts/catalogue-filters.tsx';
import { ListHead, NewLink, PagedTable, Retired, useUrlQuery } from '../parts/list-parts.tsx';

/** The catalogue lists load this many a page (the server's default). */
const PAGE = 50;

const pujasMachine = liveListMachine(fetchStaffPujas);

/** The pujas: upcoming or past, in the shop or retired, searched by name or temple. */
export function PujasPage() {
  const list = useStaffList(pujasMachine, useUrlQuery());
  const { query, data } = list;
  return (
    <>
      <ListHead title="Pujas" sub="Each date is its own puja: repeat one on a new date when it recurs.">
        <NewLink href="/admin/pujas/new" label="New puja" />
      </ListHead>
      <CatalogueFilters
        query={query}
        searchLabel="Name or temple"
        onApply={list.filter}
        selects={[
          {
            name: 'when',
            label: 'Dates',
            options: [
              ['', 'All dates'],
              ['upcoming', 'Upcoming'],
              ['past', 'Past'],
            ],
          },
          { name: 'state', label: 'Showing', options: stateOptions },
        ]}
      />
      <PagedTable
        list={list}
        rows={data?.pujas}
        total={data?.total ?? 0}
        limit={PAGE}
        caption="Pujas"
        empty="No pujas match this filter."
        columns={[
          'Puja',
          'Date',
          { label: 'Packages', num: true },
          { label: 'From', num: true },
          { label: 'Bookings', num: true },
        ]}
        row={(puja) => (
          <tr key={puja.id}>
            <td>
              <Link href={`/admin/pujas/${puja.id}`}>{puja.pujaName}</Link>{' '}
              {puja.inDemand && <span className="bo-tag">In demand</span>} <Retired at={puja.retiredAt} />
              <div className="bo-muted">{puja.place}</div>
            </td>
            <td>{puja.pujaDate ? formatDateTime(puja.pujaDate) : '—'}</td>
            <td className="num">{puja.packageCount}</td>
            <td className="num">{puja.fromPrice === null ? '—' : formatRupees(puja.fromPrice)}</td>
            <td className="num">{puja.bookingCount}</td>
          </tr>
        )}
      />
    </>
  );
}
