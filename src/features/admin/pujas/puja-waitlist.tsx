import { waitlistMessages, waitlistStateLabels } from '../../../../contract/waitlist.ts';
import { fetchPujaWaitlist } from '../../../lib/admin/pujas.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { ResourceView } from '../../../ui/status.tsx';
import { TableHead } from '../parts/list-parts.tsx';

/**
 * A puja date's waitlist for staff, in line order (docs/product-rules.md, Waitlist): who waits,
 * for how many persons, who holds an offered place and until when, and how the others ended.
 */
export function PujaWaitlist({ pujaId }: { pujaId: number }) {
  const entries = useResource((signal) => fetchPujaWaitlist(pujaId, signal));
  return (
    <ResourceView resource={entries} loadingLabel="Loading the waitlist...">
      {(list) =>
        list.length === 0 ? (
          <p className="bo-muted">{waitlistMessages.staffEmpty}</p>
        ) : (
          <table className="bo-table">
            <caption className="visually-hidden">{waitlistMessages.staffTitle}, in line order</caption>
            <TableHead columns={['Place', 'Devotee', 'Persons', 'State', 'Joined']} />
            <tbody>
              {list.map((entry) => (
                <tr key={entry.id}>
                  <td>{entry.position ?? '–'}</td>
                  <td>
                    {entry.customerName}
                    <div className="bo-muted">{entry.customerEmail}</div>
                  </td>
                  <td>{entry.draft.persons.length}</td>
                  <td>
                    {waitlistStateLabels[entry.status]}
                    {entry.status === 'offered' && entry.offerExpiresAt && (
                      <div className="bo-muted">until {formatDateTime(entry.offerExpiresAt)}</div>
                    )}
                  </td>
                  <td>{formatDateTime(entry.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      }
    </ResourceView>
  );
}
