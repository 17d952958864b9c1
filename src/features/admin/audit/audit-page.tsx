import { AUDIT_ENTITIES, type AuditEntry } from '../../../../contract/admin/audit.ts';
import { fieldLabel, HIDDEN_AUDIT_FIELDS } from '../../../../contract/field-labels.ts';
import { liveListMachine, useStaffList } from '../../../live/admin.ts';
import { fetchAudit } from '../../../lib/admin/audit.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { ListHead, useUrlQuery } from '../parts/list-parts.tsx';
import { StaffTable, type Cell } from '../shared/staff-table.tsx';

const auditMachine = liveListMachine(fetchAudit);

const entityLabels: Record<(typeof AUDIT_ENTITIES)[number], string> = {
  puja: 'Pujas',
  package: 'Packages',
  offering: 'Offerings',
  product: 'Products',
  stock: 'Stock',
  category: 'Categories',
  astrologer: 'Astrologers',
  coupon: 'Coupons',
  image: 'Images',
  order: 'Orders',
  booking: 'Bookings',
  staff: 'Staff',
  message: 'Messages',
};

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** The table's columns, each with what a row shows in it. */
const entryCells: Cell<AuditEntry>[] = [
  { column: 'When', show: (entry) => formatDateTime(entry.at) },
  { column: 'Who', show: (entry) => entry.userName },
  {
    column: 'What',
    show: (entry) => (
      <>
        {entry.summary}
        <div className="bo-muted">{entry.action}</div>
      </>
    ),
  },
  { column: 'Changes', show: (entry) => <Changes entry={entry} /> },
];

/** A value as the back office writes it: an instant in India's time, yes or no, text as it is. */
const shown = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '—'
    : typeof value === 'boolean'
      ? value
        ? 'Yes'
        : 'No'
      : typeof value === 'string'
        ? INSTANT.test(value) && !Number.isNaN(Date.parse(value))
          ? formatDateTime(value)
          : value
        : Array.isArray(value) && value.every((item) => typeof item === 'string')
          ? value.join(', ')
          : JSON.stringify(value);

/**
 * Before and after of an edit, the fields that changed first (all of them for a creation), named
 * as the edit forms name them (contract/field-labels.ts); the version a save carries is not shown.
 */
function Changes({ entry }: { entry: AuditEntry }) {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (field) =>
      !HIDDEN_AUDIT_FIELDS.includes(field) &&
      (!entry.before || !entry.after || shown(before[field]) !== shown(after[field])),
  );
  if (fields.length === 0) return null;
  return (
    <details>
      <summary>
        {entry.before && entry.after ? `${fields.length} changed` : entry.after ? 'Details' : 'As it was'}
      </summary>
      <table className="bo-diff">
        <thead>
          <tr>
            <th scope="col">Field</th>
            {entry.before && <th scope="col">Before</th>}
            {entry.after && <th scope="col">After</th>}
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field}>
              <th scope="row">{fieldLabel(entry.entity, field)}</th>
              {entry.before && <td className="bo-diff-before">{shown(before[field])}</td>}
              {entry.after && <td>{shown(after[field])}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/**
 * The audit log (docs/product-rules.md, Roles and the back office): every staff write, newest
 * first, who, what and when, with the fields an edit changed. Read-only: the table is append-only.
 */
export function AuditPage() {
  const list = useStaffList(auditMachine, useUrlQuery());
  const { query, data } = list;
  return (
    <>
      <ListHead title="Audit log" sub="Every change staff made, newest first. Nothing here can be edited." />
      <div className="bo-filters">
        <div className="field">
          <label htmlFor="audit-entity">Showing</label>
          <select
            id="audit-entity"
            className="select"
            value={query.entity ?? ''}
            onChange={(e) => list.replace({ entity: e.target.value })}
          >
            <option value="">Everything</option>
            {AUDIT_ENTITIES.map((entity) => (
              <option key={entity} value={entity}>
                {entityLabels[entity]}
              </option>
            ))}
          </select>
        </div>
        {(query.entityId || query.userId) && (
          <button
            type="button"
            className="button"
            onClick={() => list.replace({ entity: query.entity ?? '' })}
          >
            Show all {query.entity ? entityLabels[query.entity as keyof typeof entityLabels] : 'entries'}
          </button>
        )}
      </div>
      <StaffTable
        list={list}
        noun="entries"
        caption="Audit log"
        empty="Nothing recorded yet."
        rows={data?.entries}
        cells={entryCells}
      />
    </>
  );
}
