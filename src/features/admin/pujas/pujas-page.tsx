import { PUJA_DRAFT_NOTE, type AdminPujaSummary } from '../../../../contract/admin/pujas.ts';
import { Link } from 'wouter';
import { formatRupees } from '../../../../contract/money.ts';
import { liveListMachine, useStaffList } from '../../../live/admin.ts';
import { fetchStaffPujas } from '../../../lib/admin/pujas.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { CatalogueFilters, stateOptions } from '../parts/catalogue-filters.tsx';
import { ListHead, NewLink, Retired, useUrlQuery } from '../parts/list-parts.tsx';
import { StaffTable, type Cell } from '../shared/staff-table.tsx';

const pujasMachine = liveListMachine(fetchStaffPujas);

/** The table's columns, each with what a row shows in it. */
const pujaCells: Cell<AdminPujaSummary>[] = [
  {
    column: 'Puja',
    show: (puja) => (
      <>
        <Link href={`/admin/pujas/${puja.id}`}>{puja.pujaName}</Link>{' '}
        {puja.inDemand && <span className="bo-tag">In demand</span>} <Retired at={puja.retiredAt} />
        <div className="bo-muted">{puja.place}</div>
        {puja.draft && <div className="bo-note">{PUJA_DRAFT_NOTE}</div>}
      </>
    ),
  },
  { column: 'Date', show: (puja) => (puja.pujaDate ? formatDateTime(puja.pujaDate) : '—') },
  { column: { label: 'Packages', num: true }, show: (puja) => puja.packageCount },
  {
    column: { label: 'From', num: true },
    show: (puja) => (puja.fromPrice === null ? '—' : formatRupees(puja.fromPrice)),
  },
  { column: { label: 'Bookings', num: true }, show: (puja) => puja.bookingCount },
  {
    column: { label: 'Places left', num: true },
    show: (puja) => (puja.capacity === null ? 'No limit' : `${puja.placesLeft ?? 0} / ${puja.capacity}`),
  },
];

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
      <StaffTable list={list} noun="pujas" rows={data?.pujas} cells={pujaCells} />
    </>
  );
}
