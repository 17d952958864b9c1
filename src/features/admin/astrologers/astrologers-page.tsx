import { Link } from 'wouter';
import { formatRupees } from '../../../../contract/money.ts';
import { fetchStaffAstrologers } from '../../../lib/admin/astrologers.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { ResourceView } from '../../../ui/status.tsx';
import { ListHead, NewLink, RecordTable, Retired } from '../parts/list-parts.tsx';

/** The astrologers shown in the shop (consultations happen in the mobile app). */
export function AstrologersPage() {
  const list = useResource(fetchStaffAstrologers);
  return (
    <>
      <ListHead title="Astrologers" sub="Profiles shown in the shop; consultations happen in the mobile app.">
        <NewLink href="/admin/astrologers/new" label="New astrologer" />
      </ListHead>
      <ResourceView resource={list} loadingLabel="Loading the astrologers...">
        {({ astrologers }) => (
          <RecordTable
            caption="Astrologers"
            empty={astrologers.length === 0 ? 'None yet.' : null}
            columns={[
              'Astrologer',
              'Specializations',
              { label: 'Experience', num: true },
              { label: 'Rate / min', num: true },
            ]}
          >
            {astrologers.map((astrologer) => (
              <tr key={astrologer.id}>
                <td>
                  <Link href={`/admin/astrologers/${astrologer.id}`}>{astrologer.name}</Link>{' '}
                  <Retired at={astrologer.retiredAt} />
                </td>
                <td>{astrologer.specializations.join(', ')}</td>
                <td className="num">{astrologer.experience} yrs</td>
                <td className="num">{formatRupees(astrologer.ratePerMinute)}</td>
              </tr>
            ))}
          </RecordTable>
        )}
      </ResourceView>
    </>
  );
}
