import { EDIT_CONFLICT } from '../../../../contract/admin/catalogue-fields.ts';
import { formatRupees } from '../../../../contract/money.ts';
import {
  MAX_OFFERING_DESCRIPTION_LENGTH,
  MAX_OFFERING_NAME_LENGTH,
  MAX_OFFERING_PRICE,
  MAX_OFFERING_QUANTITY_LIMIT,
  MAX_OFFERING_UNIT_LENGTH,
  OFFERING_DELIVERIES,
  OFFERING_DELIVERY_LABELS,
  offeringMessages,
  type AdminOffering,
} from '../../../../contract/offerings.ts';
import { notAllowedMessage, tooLongMessage } from '../../../../contract/text.ts';
import { liveRecordMachine, useStaffRecord } from '../../../live/admin.ts';
import {
  addOffering,
  fetchStaffOfferings,
  retireOffering,
  saveOffering,
  type OfferingRequest,
} from '../../../lib/admin/offerings.ts';
import { ActionDialog, formText } from '../../../ui/after-sale/action-dialog.tsx';
import { DialogFields } from '../parts/dialog-fields.tsx';
import type { FieldSpec } from '../parts/form-field.tsx';
import { TableHead } from '../parts/list-parts.tsx';

/* A puja's chadhava offerings (docs/product-rules.md, Chadhava offerings): listed, added,
 * edited with the version they were read at, retired and restored, beside the puja's packages. */

type OfferingField = 'name' | 'description' | 'unit' | 'price' | 'delivery' | 'maxQuantity';

/** The server's messages for a bad offering, each to the field it is about. */
const offeringFieldOfMessage = new Map<string, OfferingField>([
  ...(
    [
      ['name', 'Name', offeringMessages.nameRequired, MAX_OFFERING_NAME_LENGTH],
      ['description', 'Description', offeringMessages.descriptionRequired, MAX_OFFERING_DESCRIPTION_LENGTH],
      ['unit', 'Unit', offeringMessages.unitRequired, MAX_OFFERING_UNIT_LENGTH],
    ] as const
  ).flatMap(([field, label, required, max]) =>
    [required, tooLongMessage(label, max), notAllowedMessage(label), `${label} must be text`].map(
      (message) => [message, field] as const,
    ),
  ),
  [offeringMessages.priceInvalid, 'price'],
  [offeringMessages.deliveryInvalid, 'delivery'],
  [offeringMessages.maxQuantityInvalid, 'maxQuantity'],
]);

/** The dialog open in the offerings panel. */
type OfferingStep =
  { type: 'offering.add' } | { type: 'offering.edit' | 'offering.retire' | 'offering.restore'; id: number };

/** What a dialog sends: the step, its offering, and what the dialog asked for. */
type OfferingSend =
  | { type: 'offering.add'; body: OfferingRequest }
  | { type: 'offering.edit'; id: number; body: OfferingRequest & { version: number } }
  | { type: 'offering.retire' | 'offering.restore'; id: number; version: number };

/** Every offering of the puja, retired ones too, read again after each step. */
const pujaOfferingsMachine = liveRecordMachine(
  fetchStaffOfferings,
  async (pujaId, _step: OfferingStep, request: OfferingSend, signal) => {
    if (request.type === 'offering.add') await addOffering(pujaId, request.body, signal);
    else if (request.type === 'offering.edit') await saveOffering(request.id, request.body, signal);
    else await retireOffering(request.id, request.type === 'offering.retire', request.version, signal);
    return fetchStaffOfferings(pujaId, signal);
  },
);

const offeringRequest = (form: FormData): OfferingRequest => ({
  name: formText(form, 'name'),
  description: formText(form, 'description'),
  unit: formText(form, 'unit'),
  price: Number(formText(form, 'price')),
  delivery: formText(form, 'delivery'),
  maxQuantity: Number(formText(form, 'maxQuantity')),
});

/** An offering's fields, in the add and edit dialogs. */
const offeringSpecs: FieldSpec[] = [
  { name: 'name', label: 'Name', required: true, maxLength: MAX_OFFERING_NAME_LENGTH },
  {
    name: 'price',
    label: 'Price per unit (₹)',
    kind: 'number',
    required: true,
    min: 1,
    max: MAX_OFFERING_PRICE,
  },
  {
    name: 'unit',
    label: 'Unit',
    required: true,
    maxLength: MAX_OFFERING_UNIT_LENGTH,
    hint: 'What one is: lamp, garland, person.',
  },
  {
    name: 'delivery',
    label: 'Delivery',
    kind: 'select',
    options: OFFERING_DELIVERIES.map((delivery) => [delivery, OFFERING_DELIVERY_LABELS[delivery]] as const),
  },
  {
    name: 'maxQuantity',
    label: 'Most per booking',
    kind: 'number',
    required: true,
    min: 1,
    max: MAX_OFFERING_QUANTITY_LIMIT,
  },
  {
    name: 'description',
    label: 'Description',
    kind: 'textarea',
    required: true,
    maxLength: MAX_OFFERING_DESCRIPTION_LENGTH,
  },
];

/** A new offering's dialog starts at the temple, one per booking. */
const newOffering = { delivery: 'temple', maxQuantity: 1 };

const offeringSummary = (o: AdminOffering) =>
  `${o.name}, ${formatRupees(o.price)} a ${o.unit}, ${OFFERING_DELIVERY_LABELS[o.delivery]}, at most ${o.maxQuantity}`;

export function PujaOfferings({ pujaId }: { pujaId: number }) {
  const page = useStaffRecord(pujaOfferingsMachine, pujaId);
  const { record: offerings, action, error, code, sending, done, open, close, submit } = page;
  if (!offerings) return null;
  const kind = action?.type;
  const chosen = action && 'id' in action ? offerings.find((o) => o.id === action.id) : undefined;
  const editing = kind === 'offering.edit' ? chosen : undefined;
  const retiring = kind === 'offering.retire' || kind === 'offering.restore' ? chosen : undefined;
  const errorField = error ? offeringFieldOfMessage.get(error) : undefined;
  const invalid = errorField ? { field: errorField, message: error } : undefined;
  const conflict = code === EDIT_CONFLICT;
  // A message about one field is shown under it; a conflict is explained in the dialog's text.
  const dialogError = errorField || conflict ? undefined : error;
  return (
    <section className="bo-panel" aria-labelledby="offerings-title">
      <div className="bo-head">
        <h2 id="offerings-title">Chadhava offerings</h2>
        <button type="button" className="button button--small" onClick={() => open({ type: 'offering.add' })}>
          Add an offering
        </button>
      </div>
      {done && (
        <p className="bo-notice" role="status">
          Offerings saved.
        </p>
      )}
      {offerings.length === 0 ? (
        <p className="bo-muted">No offerings yet: devotees book the puja without add-ons.</p>
      ) : (
        <table className="bo-table" aria-labelledby="offerings-title">
          <TableHead
            columns={[
              'Offering',
              { label: 'Price', num: true },
              'Unit',
              'Delivery',
              { label: 'Most per booking', num: true },
              { label: 'Actions', hidden: true },
            ]}
          />
          <tbody>
            {offerings.map((o) => (
              <tr key={o.id}>
                <td>
                  {o.name} {o.retiredAt && <span className="bo-tag">Retired</span>}
                  <div className="bo-muted">{o.description}</div>
                </td>
                <td className="num">{formatRupees(o.price)}</td>
                <td>{o.unit}</td>
                <td>{OFFERING_DELIVERY_LABELS[o.delivery]}</td>
                <td className="num">{o.maxQuantity}</td>
                <td>
                  <span className="bo-actions">
                    <button
                      type="button"
                      className="button button--small"
                      onClick={() => open({ type: 'offering.edit', id: o.id })}
                      aria-label={`Edit ${o.name}`}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="button button--small"
                      onClick={() =>
                        open({ type: o.retiredAt ? 'offering.restore' : 'offering.retire', id: o.id })
                      }
                      aria-label={`${o.retiredAt ? 'Restore' : 'Retire'} ${o.name}`}
                    >
                      {o.retiredAt ? 'Restore' : 'Retire'}
                    </button>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ActionDialog
        open={kind === 'offering.add'}
        title="Add an offering"
        description="Devotees may add it to their booking, priced per unit, up to the most per booking."
        submitLabel="Add offering"
        busyLabel="Adding..."
        error={kind === 'offering.add' ? dialogError : undefined}
        busy={sending}
        onSubmit={(form) => submit({ type: 'offering.add', body: offeringRequest(form) })}
        onClose={close}
      >
        <DialogFields prefix="off" specs={offeringSpecs} values={newOffering} invalid={invalid} />
      </ActionDialog>
      <ActionDialog
        open={!!editing}
        title={`Edit ${editing?.name ?? 'offering'}`}
        description={
          conflict && editing ? (
            <p role="alert">
              Someone else saved this offering while you were editing. Theirs: {offeringSummary(editing)}.
              What you typed is still below: save it over theirs, or close to keep theirs.
            </p>
          ) : (
            'Bookings already made keep the price they were paid.'
          )
        }
        submitLabel={conflict ? 'Save mine over theirs' : 'Save offering'}
        busyLabel="Saving..."
        error={editing ? dialogError : undefined}
        busy={sending}
        onSubmit={(form) =>
          editing &&
          submit({
            type: 'offering.edit',
            id: editing.id,
            body: { ...offeringRequest(form), version: editing.version },
          })
        }
        onClose={close}
      >
        {editing && <DialogFields prefix="off" specs={offeringSpecs} values={editing} invalid={invalid} />}
      </ActionDialog>
      <ActionDialog
        open={!!retiring}
        title={`${kind === 'offering.retire' ? 'Retire' : 'Restore'} ${retiring?.name ?? 'offering'}?`}
        description={
          conflict && retiring ? (
            <p role="alert">
              Someone else changed this offering first. It is now: {offeringSummary(retiring)}.
            </p>
          ) : kind === 'offering.retire' ? (
            'It leaves the shop; bookings that include it keep their copy.'
          ) : (
            'Devotees can add it to their bookings again.'
          )
        }
        submitLabel={kind === 'offering.retire' ? 'Retire' : 'Restore'}
        busyLabel="Saving..."
        danger={kind === 'offering.retire'}
        error={retiring ? dialogError : undefined}
        busy={sending}
        onSubmit={() =>
          retiring &&
          (kind === 'offering.retire' || kind === 'offering.restore') &&
          submit({ type: kind, id: retiring.id, version: retiring.version })
        }
        onClose={close}
      />
    </section>
  );
}
