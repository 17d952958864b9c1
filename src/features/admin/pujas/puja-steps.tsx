import * as Tabs from '@radix-ui/react-tabs';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { PackageInput } from '../../../../contract/admin/packages.ts';
import type { AdminPuja } from '../../../../contract/admin/pujas.ts';
import { fieldLabels } from '../../../../contract/field-labels.ts';
import { formatRupees } from '../../../../contract/money.ts';
import { selectRecord } from '../../../../machines/admin-edit/admin-edit.selectors.ts';
import { liveRecordMachine, useStaffRecord, type EditRef } from '../../../live/admin.ts';
import {
  addPackage,
  deletePackage,
  fetchStaffPuja,
  repeatPuja,
  retireStaffPuja,
  savePackage,
} from '../../../lib/admin/pujas.ts';
import { countOf, formatDateTime } from '../../../lib/format.ts';
import { ActionDialog, formText } from '../../../ui/after-sale/action-dialog.tsx';
import { rebasingFormOn } from '../parts/edit-frame.tsx';
import { DialogFields } from '../parts/dialog-fields.tsx';
import { istInputToIso, type FieldSpec } from '../parts/form-field.tsx';
import { RetireButton, RetireDialog } from '../parts/retire-panel.tsx';
import { TableHead } from '../parts/list-parts.tsx';

/** The dialog open beside a puja's form. */
type PujaStep =
  | { type: 'package.add' }
  | { type: 'package.edit'; id: number }
  | { type: 'package.delete'; id: number }
  | { type: 'puja.repeat' }
  | { type: 'puja.retire' }
  | { type: 'puja.restore' };

/** What a dialog sends: the step, its target, and what the dialog asked for. */
type PujaRequest =
  | { type: 'package.add'; body: PackageInput }
  | { type: 'package.edit'; id: number; body: PackageInput & { version: number } }
  | { type: 'package.delete'; id: number }
  | { type: 'puja.repeat'; pujaDate: string }
  | { type: 'puja.retire' | 'puja.restore'; version: number | undefined };

/**
 * The puja's packages, "repeat on a new date", retire and restore: steps beside the form, in
 * the page's Packages and Dates tabs (their dialogs stay mounted whichever tab is open).
 */
const pujaStepsMachine = liveRecordMachine(
  fetchStaffPuja,
  (id, _step: PujaStep, request: PujaRequest, signal) => {
    switch (request.type) {
      case 'package.add':
        return addPackage(id, request.body, signal);
      case 'package.edit':
        return savePackage(request.id, request.body, signal);
      case 'package.delete':
        return deletePackage(request.id, signal);
      case 'puja.repeat':
        return repeatPuja(id, request.pujaDate, signal);
      default:
        return retireStaffPuja(id, request.type === 'puja.retire', request.version, signal);
    }
  },
);

/** A package's fields, in the add and edit dialogs. */
const packageSpecs: FieldSpec[] = [
  { name: 'title', label: fieldLabels.package.title, required: true },
  { name: 'noPersons', label: fieldLabels.package.noPersons, kind: 'number', required: true },
  { name: 'price', label: fieldLabels.package.price, kind: 'number', required: true },
  { name: 'offerPrice', label: fieldLabels.package.offerPrice, kind: 'number', required: true },
  { name: 'description', label: fieldLabels.package.description, kind: 'textarea', required: true },
];

/** The repeat dialog's one field. */
const repeatSpecs: FieldSpec[] = [
  { name: 'pujaDate', label: 'New puja date and time (IST)', kind: 'datetime', required: true },
];

const packageRequest = (form: FormData) => ({
  title: formText(form, 'title'),
  description: formText(form, 'description'),
  noPersons: Number(formText(form, 'noPersons')),
  price: Number(formText(form, 'price')),
  offerPrice: Number(formText(form, 'offerPrice')),
});

export function PujaSteps({ id, dirty, edit }: { id: number; dirty: boolean; edit: EditRef<AdminPuja> }) {
  const page = useStaffRecord(pujaStepsMachine, id, rebasingFormOn<AdminPuja>(edit));
  // Retire and restore send the version the form holds: it follows its saves and these steps.
  const formVersion = useSelector(edit, selectRecord)?.version;
  const { record: puja, action, error, sending, done, open, close, submit } = page;
  if (!puja) return null;
  const packageOf = (type: string) =>
    action?.type === type && 'id' in action ? puja.packages.find((p) => p.id === action.id) : undefined;
  const editing = packageOf('package.edit');
  const deleting = packageOf('package.delete');
  const retiring = action?.type === 'puja.retire' || action?.type === 'puja.restore' ? action.type : null;
  return (
    <>
      <Tabs.Content className="bo-sections__panel" value="packages">
        <section className="bo-panel" aria-labelledby="packages-title">
          <div className="bo-head">
            <h2 id="packages-title">Packages</h2>
            <button
              type="button"
              className="button button--small"
              onClick={() => open({ type: 'package.add' })}
            >
              Add a package
            </button>
          </div>
          {done?.type.startsWith('package.') && (
            <p className="bo-notice" role="status">
              Packages saved.
            </p>
          )}
          {puja.packages.length === 0 ? (
            <p className="bo-muted">No packages yet: customers cannot book this puja until it has one.</p>
          ) : (
            <table className="bo-table">
              <TableHead
                columns={[
                  'Package',
                  { label: 'Persons', num: true },
                  { label: 'Price', num: true },
                  { label: 'Offer', num: true },
                  { label: 'Bookings', num: true },
                  { label: 'Actions', hidden: true },
                ]}
              />
              <tbody>
                {puja.packages.map((p) => (
                  <tr key={p.id}>
                    <td>
                      {p.title}
                      <div className="bo-muted">{p.description}</div>
                    </td>
                    <td className="num">{p.noPersons}</td>
                    <td className="num">{formatRupees(p.price)}</td>
                    <td className="num">{formatRupees(p.offerPrice)}</td>
                    <td className="num">{p.bookingCount}</td>
                    <td>
                      <span className="bo-actions">
                        <button
                          type="button"
                          className="button button--small"
                          onClick={() => open({ type: 'package.edit', id: p.id })}
                          aria-label={`Edit ${p.title}`}
                        >
                          Edit
                        </button>
                        {p.bookingCount === 0 && (
                          <button
                            type="button"
                            className="button button--small"
                            onClick={() => open({ type: 'package.delete', id: p.id })}
                            aria-label={`Delete ${p.title}`}
                          >
                            Delete
                          </button>
                        )}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </Tabs.Content>
      <Tabs.Content className="bo-sections__panel" value="dates">
        <section className="bo-panel" aria-labelledby="puja-more">
          <h2 id="puja-more">Dates and availability</h2>
          <p className="bo-muted">
            {puja.retiredAt ? `Retired ${formatDateTime(puja.retiredAt)}: not in the shop.` : 'In the shop.'}{' '}
            {countOf(puja.bookingCount, 'booking')}.
          </p>
          <div className="bo-actions">
            <button type="button" className="button" onClick={() => open({ type: 'puja.repeat' })}>
              Repeat this puja on a new date
            </button>
            <RetireButton
              retired={puja.retiredAt !== null}
              dirty={dirty}
              onOpen={() => open({ type: puja.retiredAt ? 'puja.restore' : 'puja.retire' })}
            />
          </div>
          {done?.type === 'puja.repeat' && (
            <p className="bo-notice" role="status">
              Repeated. <Link href={`/admin/pujas/${puja.id}`}>Open the new date</Link>
            </p>
          )}
        </section>
      </Tabs.Content>
      <ActionDialog
        open={action?.type === 'package.add'}
        title="Add a package"
        description="Customers book a package: a number of persons at a price."
        submitLabel="Add package"
        busyLabel="Adding..."
        error={action?.type === 'package.add' ? error : undefined}
        busy={sending}
        onSubmit={(form) => submit({ type: 'package.add', body: packageRequest(form) })}
        onClose={close}
      >
        <DialogFields prefix="pkg" specs={packageSpecs} />
      </ActionDialog>
      <ActionDialog
        open={!!editing}
        title={`Edit ${editing?.title ?? 'package'}`}
        description="Bookings already made keep the price they were paid."
        submitLabel="Save package"
        busyLabel="Saving..."
        error={editing ? error : undefined}
        busy={sending}
        onSubmit={(form) =>
          editing &&
          submit({
            type: 'package.edit',
            id: editing.id,
            body: { ...packageRequest(form), version: editing.version },
          })
        }
        onClose={close}
      >
        {editing && <DialogFields prefix="pkg" specs={packageSpecs} values={editing} />}
      </ActionDialog>
      <ActionDialog
        open={!!deleting}
        title={`Delete ${deleting?.title ?? 'package'}?`}
        description="It has no bookings; it leaves the puja."
        submitLabel="Delete"
        busyLabel="Deleting..."
        danger
        error={deleting ? error : undefined}
        busy={sending}
        onSubmit={() => deleting && submit({ type: 'package.delete', id: deleting.id })}
        onClose={close}
      />
      <ActionDialog
        open={action?.type === 'puja.repeat'}
        title="Repeat this puja on a new date"
        description="A copy with the same text, image and packages, bookable until the new date."
        submitLabel="Create the new date"
        busyLabel="Creating..."
        error={action?.type === 'puja.repeat' ? error : undefined}
        busy={sending}
        onSubmit={(form) =>
          submit({ type: 'puja.repeat', pujaDate: istInputToIso(formText(form, 'pujaDate')) })
        }
        onClose={close}
      >
        <DialogFields prefix="repeat" specs={repeatSpecs} />
      </ActionDialog>
      <RetireDialog
        step={retiring === null ? null : retiring === 'puja.retire' ? 'retire' : 'restore'}
        noun="puja"
        retireText="It leaves the shop; its bookings stay and are worked as usual."
        restoreText="It is back in the shop."
        error={error}
        busy={sending}
        onSubmit={() => retiring && submit({ type: retiring, version: formVersion })}
        onClose={close}
      />
    </>
  );
}
