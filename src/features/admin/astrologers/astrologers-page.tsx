import type { AdminAstrologer } from '../../../../contract/admin/astrologers.ts';
import { formatRupees } from '../../../../contract/money.ts';
import { fetchStaffAstrologers } from '../../../lib/admin/astrologers.ts';
import { RecordName, type Column } from '../parts/list-parts.tsx';
import { WholeList } from '../parts/whole-list.tsx';

const columns: Column[] = [
  'Astrologer',
  'Specializations',
  { label: 'Experience', num: true },
  { label: 'Rate / min', num: true },
];

const row = (astrologer: AdminAstrologer) => (
  <tr key={astrologer.id}>
    <td>
      <RecordName of="astrologers" record={astrologer} />
    </td>
    <td>{astrologer.specializations.join(', ')}</td>
    <td className="num">{astrologer.experience} yrs</td>
    <td className="num">{formatRupees(astrologer.ratePerMinute)}</td>
  </tr>
);

/** The astrologers shown in the shop (consultations happen in the mobile app). */
export function AstrologersPage() {
  return <WholeList of="astrologers" load={fetchStaffAstrologers} columns={columns} row={row} />;
}
