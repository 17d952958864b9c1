import type { ReactNode } from 'react';
import { useResource } from '../../../lib/use-resource.ts';
import { ResourceView } from '../../../ui/status.tsx';
import { ListHead, NewLink, RecordTable, type Column } from './list-parts.tsx';

/** The lists the back office shows whole, each with what one record is called and its line under the title. */
const wholeLists = {
  astrologers: ['astrologer', 'Profiles shown in the shop; consultations happen in the mobile app.'],
  categories: ['category', 'How the shop groups its products.'],
  coupons: ['coupon', 'Percent or flat, with a cap, a minimum, dates and use limits.'],
} as const;

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A list shown whole (no pages): its title with "New …", the spinner or banner while it loads, then
 * the table of its records, one row each from `row`.
 */
export function WholeList<K extends keyof typeof wholeLists, T>({
  of,
  load,
  columns,
  row,
}: {
  of: K;
  load: (signal?: AbortSignal) => Promise<Record<K, T[]>>;
  columns: readonly Column[];
  row: (record: T) => ReactNode;
}) {
  const list = useResource(load);
  const [noun, sub] = wholeLists[of];
  return (
    <>
      <ListHead title={capitalised(of)} sub={sub}>
        <NewLink href={`/admin/${of}/new`} label={`New ${noun}`} />
      </ListHead>
      <ResourceView resource={list} loadingLabel={`Loading the ${of}...`}>
        {(data) => (
          <RecordTable
            caption={capitalised(of)}
            empty={data[of].length === 0 ? 'None yet.' : null}
            columns={columns}
          >
            {data[of].map(row)}
          </RecordTable>
        )}
      </ResourceView>
    </>
  );
}
