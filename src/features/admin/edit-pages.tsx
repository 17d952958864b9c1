import * as Tabs from '@radix-ui/react-tabs';
import { useActorRef, useSelector } from '@xstate/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import * as v from 'valibot';
import {
  AdminAstrologerResponse,
  AstrologerInput,
  type AdminAstrologer,
} from '../../../contract/admin/astrologers.ts';
import { EDIT_CONFLICT } from '../../../contract/admin/catalogue-fields.ts';
import {
  AdminCategoryListResponse,
  AdminCategoryResponse,
  CategoryInput,
  type AdminCategory,
} from '../../../contract/admin/categories.ts';
import { AdminProductResponse, ProductInput, type AdminProduct } from '../../../contract/admin/products.ts';
import {
  AdminPujaResponse,
  PujaInput,
  scriptForPlace,
  type AdminPuja,
} from '../../../contract/admin/pujas.ts';
import { STAFF_STOCK_REASONS, stockReasonLabels } from '../../../contract/admin/stock.ts';
import {
  AdminCouponListResponse,
  AdminCouponResponse,
  CouponInput,
} from '../../../contract/admin/coupons.ts';
import { fieldLabel, fieldLabels } from '../../../contract/field-labels.ts';
import { DAY_MS, fromIndiaDateTimeText, indiaDay } from '../../../contract/india-time.ts';
import { formatRupees } from '../../../contract/money.ts';
import {
  AdminOfferingListResponse,
  AdminOfferingResponse,
  MAX_OFFERING_DESCRIPTION_LENGTH,
  MAX_OFFERING_NAME_LENGTH,
  MAX_OFFERING_PRICE,
  MAX_OFFERING_QUANTITY_LIMIT,
  MAX_OFFERING_UNIT_LENGTH,
  OFFERING_DELIVERIES,
  OFFERING_DELIVERY_LABELS,
  offeringMessages,
  type AdminOffering,
} from '../../../contract/offerings.ts';
import { notAllowedMessage, tooLongMessage } from '../../../contract/text.ts';
import { TEMPLE_SCRIPT_LABELS, TEMPLE_SCRIPTS } from '../../../contract/temple-script.ts';
import type { EditRecord } from '../../../machines/admin-edit/admin-edit.machine.ts';
import {
  selectDraft,
  selectIsDirty,
  selectIsLoading,
  selectLoadFailed,
  selectEditError,
  selectRecord,
} from '../../../machines/admin-edit/admin-edit.selectors.ts';
import {
  selectActionError,
  selectActionErrorCode,
  selectDoneAction,
  selectIsSending,
  selectOpenAction,
  selectStaffRecord,
} from '../../../machines/staff-record/staff-record.selectors.ts';
import { liveEditMachine, liveRecordMachine } from '../../live/admin.ts';
import { staffGet, staffSend } from '../../lib/admin-api.ts';
import { formatDateTime, countOf } from '../../lib/format.ts';
import { inspectOptions } from '../../lib/inspector.ts';
import { useResource } from '../../lib/use-resource.ts';
import { ActionDialog, formText } from '../../ui/after-sale/action-dialog.tsx';
import { ErrorBanner, Spinner } from '../../ui/status.tsx';
import {
  ConflictPanel,
  FormField,
  istInputToIso,
  SaveBar,
  textOf,
  type EditRef,
  type FieldSpec,
} from './fields.tsx';

const fieldsOf = (
  schema:
    | { entries: Record<string, unknown> }
    | { pipe: readonly [{ entries: Record<string, unknown> }, ...unknown[]] },
) => Object.keys('pipe' in schema ? schema.pipe[0].entries : schema.entries);

// The default time of a new puja: 6:00 am in India, `days` from today.
const atSix = (days: number) => fromIndiaDateTimeText(`${indiaDay(Date.now() + days * DAY_MS)}T06:00`);

/* ------------------------------------------------------------------------------------------
 * The frame of an edit page
 * ---------------------------------------------------------------------------------------- */

function EditFrame({
  edit,
  title,
  back,
  specs,
  aside,
  created,
  children,
}: {
  edit: EditRef;
  title: ReactNode;
  back: [string, string];
  /** What the save bar says when the record was just created ("Coupon created"). */
  created?: string;
  specs: readonly FieldSpec[];
  aside?: ReactNode;
  children?: ReactNode;
}) {
  const loading = useSelector(edit, selectIsLoading);
  const failed = useSelector(edit, selectLoadFailed);
  const error = useSelector(edit, selectEditError);
  if (failed)
    return (
      <ErrorBanner message={error ?? 'Failed to load'} onRetry={() => edit.send({ type: 'edit.retry' })} />
    );
  if (loading) return <Spinner label="Loading..." />;
  const save = (event: FormEvent) => {
    event.preventDefault();
    edit.send({ type: 'edit.save' });
  };
  return (
    <>
      <div className="bo-head">
        <div>
          <p className="bo-muted">
            <Link href={back[0]}>{back[1]}</Link> ›
          </p>
          <h1>{title}</h1>
        </div>
        {aside && <div className="bo-head__actions">{aside}</div>}
      </div>
      <ConflictPanel edit={edit} specs={specs} />
      <form onSubmit={save} noValidate aria-label="Details">
        <section className="bo-panel">
          <div className="bo-form">
            {specs.map((spec) => (
              <FormField key={spec.name} edit={edit} spec={spec} />
            ))}
          </div>
        </section>
        <SaveBar edit={edit} createdLabel={created} />
      </form>
      {children}
    </>
  );
}

/* ------------------------------------------------------------------------------------------
 * Pujas and their packages
 * ---------------------------------------------------------------------------------------- */

const pujaSpecs: FieldSpec[] = [
  { name: 'pujaName', label: fieldLabels.puja.pujaName },
  { name: 'place', label: fieldLabels.puja.place, hint: 'e.g. Sri Mookambika Temple, Kollur' },
  {
    name: 'pujaDate',
    label: fieldLabels.puja.pujaDate,
    kind: 'datetime',
    hint: 'Bookings close at this moment.',
  },
  { name: 'startDate', label: fieldLabels.puja.startDate, kind: 'datetime', optional: true },
  {
    name: 'script',
    label: fieldLabels.puja.script,
    kind: 'select',
    options: TEMPLE_SCRIPTS.map((s) => [s, TEMPLE_SCRIPT_LABELS[s]] as const),
    hint: 'The sankalp sheet writes each name and gothra in it for the priest.',
  },
  { name: 'inDemand', label: fieldLabels.puja.inDemand, kind: 'checkbox' },
  { name: 'image', label: fieldLabels.puja.image, kind: 'image', slot: 'puja', wide: true },
  {
    name: 'description',
    label: fieldLabels.puja.description,
    kind: 'markup',
    hint: 'Plain text: a blank line between paragraphs, “- ” at the start of a list line.',
  },
  ...[1, 2, 3, 4].flatMap((n): FieldSpec[] => [
    { name: `benefitTitle${n}`, label: fieldLabel('puja', `benefitTitle${n}`) },
    { name: `benefitDesc${n}`, label: fieldLabel('puja', `benefitDesc${n}`) },
  ]),
];

const pujaFields = fieldsOf(PujaInput);
const pujaEditMachine = liveEditMachine({
  load: (id, signal) =>
    staffGet(`/api/admin/pujas/${id}`, AdminPujaResponse, signal).then(({ puja }) => puja),
  save: async (id, body, version, signal) =>
    (id === null
      ? await staffSend('POST', '/api/admin/pujas', body, AdminPujaResponse, signal)
      : await staffSend('PUT', `/api/admin/pujas/${id}`, { ...body, version }, AdminPujaResponse, signal)
    ).puja,
  schema: PujaInput,
  fields: pujaFields,
  pathOf: (record) => `/admin/pujas/${record.id}`,
});

const newPuja = (): EditRecord => ({
  pujaName: '',
  place: '',
  pujaDate: atSix(7),
  startDate: null,
  script: 'devanagari',
  inDemand: false,
  image: '',
  description: '',
  noDevotes: 0,
  ...Object.fromEntries(
    [1, 2, 3, 4].flatMap((n) => [
      [`benefitTitle${n}`, ''],
      [`benefitDesc${n}`, ''],
    ]),
  ),
});

/**
 * The puja's packages, "repeat on a new date", retire and restore: steps beside the form, in
 * the page's Packages and Dates tabs (their dialogs stay mounted whichever tab is open).
 */
const pujaStepsMachine = liveRecordMachine(
  (id, signal) => staffGet(`/api/admin/pujas/${id}`, AdminPujaResponse, signal).then(({ puja }) => puja),
  async (id, action, request, signal) => {
    const [kind, target] = action.split(':');
    const puja = (path: string, method: 'POST' | 'PUT' | 'DELETE', body?: unknown) =>
      staffSend(method, path, body, AdminPujaResponse, signal).then((r) => r.puja);
    switch (kind) {
      case 'package.add':
        return puja(`/api/admin/pujas/${id}/packages`, 'POST', request);
      case 'package.edit':
        return puja(`/api/admin/packages/${target}`, 'PUT', request);
      case 'package.delete':
        return puja(`/api/admin/packages/${target}`, 'DELETE');
      case 'puja.repeat':
        return puja(`/api/admin/pujas/${id}/repeat`, 'POST', request);
      default:
        return puja(
          `/api/admin/pujas/${id}/${kind === 'puja.retire' ? 'retire' : 'restore'}`,
          'POST',
          request,
        );
    }
  },
);

/**
 * A retire or restore taken beside the form moves the record's version: the form takes the
 * record as the step left it (its new base, docs/decisions/0034-edits-carry-the-version-they-started-from.md),
 * so its next save is not refused as someone else's.
 */
function rebasingFormOn(edit: EditRef) {
  return {
    reportStep: (_: unknown, step: { action: string; record: unknown }) => {
      if (/\.(retire|restore)$/.test(step.action) && step.record !== null)
        edit.send({ type: 'edit.rebase', record: step.record as EditRecord });
    },
  };
}

function PackageFields({
  values,
}: {
  values?: { title: string; description: string; noPersons: number; price: number; offerPrice: number };
}) {
  return (
    <>
      {(
        [
          ['title', fieldLabels.package.title, 'text'],
          ['noPersons', fieldLabels.package.noPersons, 'number'],
          ['price', fieldLabels.package.price, 'number'],
          ['offerPrice', fieldLabels.package.offerPrice, 'number'],
        ] as const
      ).map(([name, label, type]) => (
        <div className="field" key={name}>
          <label htmlFor={`pkg-${name}`}>{label}</label>
          <input
            id={`pkg-${name}`}
            name={name}
            className="input"
            type={type}
            min={type === 'number' ? 0 : undefined}
            defaultValue={values?.[name]}
            required
          />
        </div>
      ))}
      <div className="field">
        <label htmlFor="pkg-description">{fieldLabels.package.description}</label>
        <textarea
          id="pkg-description"
          name="description"
          className="textarea"
          defaultValue={values?.description}
          required
        />
      </div>
    </>
  );
}

const packageRequest = (form: FormData) => ({
  title: formText(form, 'title'),
  description: formText(form, 'description'),
  noPersons: Number(formText(form, 'noPersons')),
  price: Number(formText(form, 'price')),
  offerPrice: Number(formText(form, 'offerPrice')),
});

function PujaSteps({ id, dirty, edit }: { id: number; dirty: boolean; edit: EditRef }) {
  const ref = useActorRef(pujaStepsMachine.provide({ actions: rebasingFormOn(edit) }), {
    input: { id },
    ...inspectOptions(),
  });
  // Retire and restore send the version the form holds: it follows its saves and these steps.
  const formVersion = useSelector(edit, selectRecord)?.version;
  const puja = useSelector(ref, selectStaffRecord) as AdminPuja | null;
  const action = useSelector(ref, selectOpenAction);
  const error = useSelector(ref, selectActionError);
  const sending = useSelector(ref, selectIsSending);
  const done = useSelector(ref, selectDoneAction);
  if (!puja) return null;
  const open = (name: string) => ref.send({ type: 'action.open', action: name });
  const close = () => ref.send({ type: 'action.close' });
  const submit = (request: unknown) => ref.send({ type: 'action.submit', request });
  const editing = action?.startsWith('package.edit:')
    ? puja.packages.find((p) => `package.edit:${p.id}` === action)
    : undefined;
  const deleting = action?.startsWith('package.delete:')
    ? puja.packages.find((p) => `package.delete:${p.id}` === action)
    : undefined;
  return (
    <>
      <Tabs.Content className="bo-sections__panel" value="packages">
        <section className="bo-panel" aria-labelledby="packages-title">
          <div className="bo-head">
            <h2 id="packages-title">Packages</h2>
            <button type="button" className="button button--small" onClick={() => open('package.add')}>
              Add a package
            </button>
          </div>
          {done?.startsWith('package.') && (
            <p className="bo-notice" role="status">
              Packages saved.
            </p>
          )}
          {puja.packages.length === 0 ? (
            <p className="bo-muted">No packages yet: customers cannot book this puja until it has one.</p>
          ) : (
            <table className="bo-table">
              <thead>
                <tr>
                  <th scope="col">Package</th>
                  <th scope="col" className="num">
                    Persons
                  </th>
                  <th scope="col" className="num">
                    Price
                  </th>
                  <th scope="col" className="num">
                    Offer
                  </th>
                  <th scope="col" className="num">
                    Bookings
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
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
                          onClick={() => open(`package.edit:${p.id}`)}
                          aria-label={`Edit ${p.title}`}
                        >
                          Edit
                        </button>
                        {p.bookingCount === 0 && (
                          <button
                            type="button"
                            className="button button--small"
                            onClick={() => open(`package.delete:${p.id}`)}
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
            <button type="button" className="button" onClick={() => open('puja.repeat')}>
              Repeat this puja on a new date
            </button>
            <button
              type="button"
              className="button"
              disabled={dirty}
              title={dirty ? 'Save or discard your changes first' : undefined}
              onClick={() => open(puja.retiredAt ? 'puja.restore' : 'puja.retire')}
            >
              {puja.retiredAt ? 'Restore to the shop' : 'Retire from the shop'}
            </button>
          </div>
          {done === 'puja.repeat' && (
            <p className="bo-notice" role="status">
              Repeated. <Link href={`/admin/pujas/${puja.id}`}>Open the new date</Link>
            </p>
          )}
        </section>
      </Tabs.Content>
      <ActionDialog
        open={action === 'package.add'}
        title="Add a package"
        description="Customers book a package: a number of persons at a price."
        submitLabel="Add package"
        busyLabel="Adding..."
        error={action === 'package.add' ? error : undefined}
        busy={sending}
        onSubmit={(form) => submit(packageRequest(form))}
        onClose={close}
      >
        <PackageFields />
      </ActionDialog>
      <ActionDialog
        open={!!editing}
        title={`Edit ${editing?.title ?? 'package'}`}
        description="Bookings already made keep the price they were paid."
        submitLabel="Save package"
        busyLabel="Saving..."
        error={editing ? error : undefined}
        busy={sending}
        onSubmit={(form) => submit({ ...packageRequest(form), version: editing!.version })}
        onClose={close}
      >
        {editing && <PackageFields values={editing} />}
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
        onSubmit={() => submit({})}
        onClose={close}
      />
      <ActionDialog
        open={action === 'puja.repeat'}
        title="Repeat this puja on a new date"
        description="A copy with the same text, image and packages, bookable until the new date."
        submitLabel="Create the new date"
        busyLabel="Creating..."
        error={action === 'puja.repeat' ? error : undefined}
        busy={sending}
        onSubmit={(form) => submit({ pujaDate: istInputToIso(formText(form, 'pujaDate')) })}
        onClose={close}
      >
        <div className="field">
          <label htmlFor="repeat-date">New puja date and time (IST)</label>
          <input id="repeat-date" name="pujaDate" className="input" type="datetime-local" required />
        </div>
      </ActionDialog>
      <ActionDialog
        open={action === 'puja.retire' || action === 'puja.restore'}
        title={action === 'puja.retire' ? 'Retire this puja?' : 'Restore this puja?'}
        description={
          action === 'puja.retire'
            ? 'It leaves the shop; its bookings stay and are worked as usual.'
            : 'It is back in the shop.'
        }
        submitLabel={action === 'puja.retire' ? 'Retire' : 'Restore'}
        busyLabel="Saving..."
        danger={action === 'puja.retire'}
        error={error}
        busy={sending}
        onSubmit={() => submit({ version: formVersion })}
        onClose={close}
      />
    </>
  );
}

/* ------------------------------------------------------------------------------------------
 * A puja's chadhava offerings (docs/product-rules.md, Chadhava offerings): listed, added,
 * edited with the version they were read at, retired and restored, beside the puja's packages.
 * ---------------------------------------------------------------------------------------- */

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

/** Every offering of the puja, retired ones too, read again after each step. */
const loadOfferings = (pujaId: number, signal: AbortSignal) =>
  staffGet(`/api/admin/pujas/${pujaId}/offerings`, AdminOfferingListResponse, signal).then(
    ({ offerings }) => offerings,
  );

const pujaOfferingsMachine = liveRecordMachine(loadOfferings, async (pujaId, action, request, signal) => {
  const [kind, target] = action.split(':');
  const path =
    kind === 'offering.add'
      ? `/api/admin/pujas/${pujaId}/offerings`
      : kind === 'offering.edit'
        ? `/api/admin/offerings/${target}`
        : `/api/admin/offerings/${target}/${kind === 'offering.retire' ? 'retire' : 'restore'}`;
  await staffSend(kind === 'offering.edit' ? 'PUT' : 'POST', path, request, AdminOfferingResponse, signal);
  return loadOfferings(pujaId, signal);
});

const offeringRequest = (form: FormData) => ({
  name: formText(form, 'name'),
  description: formText(form, 'description'),
  unit: formText(form, 'unit'),
  price: Number(formText(form, 'price')),
  delivery: formText(form, 'delivery'),
  maxQuantity: Number(formText(form, 'maxQuantity')),
});

function OfferingFields({
  values,
  errorField,
  error,
}: {
  values?: AdminOffering;
  errorField: OfferingField | undefined;
  error: string | undefined;
}) {
  const described = (name: OfferingField, hint?: boolean) =>
    [errorField === name && `off-${name}-error`, hint && `off-${name}-hint`].filter(Boolean).join(' ') ||
    undefined;
  const common = (name: OfferingField, hint?: boolean) => ({
    id: `off-${name}`,
    name,
    'aria-invalid': errorField === name || undefined,
    'aria-describedby': described(name, hint),
  });
  const fieldError = (name: OfferingField) =>
    errorField === name && (
      <p id={`off-${name}-error`} className="field__error">
        {error}
      </p>
    );
  return (
    <>
      <div className="field">
        <label htmlFor="off-name">Name</label>
        <input
          {...common('name')}
          className="input"
          maxLength={MAX_OFFERING_NAME_LENGTH}
          defaultValue={values?.name}
          required
        />
        {fieldError('name')}
      </div>
      <div className="field">
        <label htmlFor="off-price">Price per unit (₹)</label>
        <input
          {...common('price')}
          className="input"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_OFFERING_PRICE}
          step={1}
          defaultValue={values?.price}
          required
        />
        {fieldError('price')}
      </div>
      <div className="field">
        <label htmlFor="off-unit">Unit</label>
        <input
          {...common('unit', true)}
          className="input"
          maxLength={MAX_OFFERING_UNIT_LENGTH}
          defaultValue={values?.unit}
          required
        />
        <span id="off-unit-hint" className="bo-hint">
          What one is: lamp, garland, person.
        </span>
        {fieldError('unit')}
      </div>
      <div className="field">
        <label htmlFor="off-delivery">Delivery</label>
        <select {...common('delivery')} className="select" defaultValue={values?.delivery ?? 'temple'}>
          {OFFERING_DELIVERIES.map((delivery) => (
            <option key={delivery} value={delivery}>
              {OFFERING_DELIVERY_LABELS[delivery]}
            </option>
          ))}
        </select>
        {fieldError('delivery')}
      </div>
      <div className="field">
        <label htmlFor="off-maxQuantity">Most per booking</label>
        <input
          {...common('maxQuantity')}
          className="input"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_OFFERING_QUANTITY_LIMIT}
          step={1}
          defaultValue={values?.maxQuantity ?? 1}
          required
        />
        {fieldError('maxQuantity')}
      </div>
      <div className="field">
        <label htmlFor="off-description">Description</label>
        <textarea
          {...common('description')}
          className="textarea"
          maxLength={MAX_OFFERING_DESCRIPTION_LENGTH}
          defaultValue={values?.description}
          required
        />
        {fieldError('description')}
      </div>
    </>
  );
}

const offeringSummary = (o: AdminOffering) =>
  `${o.name}, ${formatRupees(o.price)} a ${o.unit}, ${OFFERING_DELIVERY_LABELS[o.delivery]}, at most ${o.maxQuantity}`;

function PujaOfferings({ pujaId }: { pujaId: number }) {
  const ref = useActorRef(pujaOfferingsMachine, { input: { id: pujaId }, ...inspectOptions() });
  const offerings = useSelector(ref, selectStaffRecord) as AdminOffering[] | null;
  const action = useSelector(ref, selectOpenAction);
  const error = useSelector(ref, selectActionError);
  const code = useSelector(ref, selectActionErrorCode);
  const sending = useSelector(ref, selectIsSending);
  const done = useSelector(ref, selectDoneAction);
  if (!offerings) return null;
  const open = (name: string) => ref.send({ type: 'action.open', action: name });
  const close = () => ref.send({ type: 'action.close' });
  const submit = (request: unknown) => ref.send({ type: 'action.submit', request });
  const [kind, target] = action?.split(':') ?? [];
  const chosen = offerings.find((o) => String(o.id) === target);
  const editing = kind === 'offering.edit' ? chosen : undefined;
  const retiring = kind === 'offering.retire' || kind === 'offering.restore' ? chosen : undefined;
  const errorField = error ? offeringFieldOfMessage.get(error) : undefined;
  const conflict = code === EDIT_CONFLICT;
  // A message about one field is shown under it; a conflict is explained in the dialog's text.
  const dialogError = errorField || conflict ? undefined : error;
  return (
    <section className="bo-panel" aria-labelledby="offerings-title">
      <div className="bo-head">
        <h2 id="offerings-title">Chadhava offerings</h2>
        <button type="button" className="button button--small" onClick={() => open('offering.add')}>
          Add an offering
        </button>
      </div>
      {done?.startsWith('offering.') && (
        <p className="bo-notice" role="status">
          Offerings saved.
        </p>
      )}
      {offerings.length === 0 ? (
        <p className="bo-muted">No offerings yet: devotees book the puja without add-ons.</p>
      ) : (
        <table className="bo-table" aria-labelledby="offerings-title">
          <thead>
            <tr>
              <th scope="col">Offering</th>
              <th scope="col" className="num">
                Price
              </th>
              <th scope="col">Unit</th>
              <th scope="col">Delivery</th>
              <th scope="col" className="num">
                Most per booking
              </th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
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
                      onClick={() => open(`offering.edit:${o.id}`)}
                      aria-label={`Edit ${o.name}`}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="button button--small"
                      onClick={() => open(`${o.retiredAt ? 'offering.restore' : 'offering.retire'}:${o.id}`)}
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
        open={action === 'offering.add'}
        title="Add an offering"
        description="Devotees may add it to their booking, priced per unit, up to the most per booking."
        submitLabel="Add offering"
        busyLabel="Adding..."
        error={action === 'offering.add' ? dialogError : undefined}
        busy={sending}
        onSubmit={(form) => submit(offeringRequest(form))}
        onClose={close}
      >
        <OfferingFields errorField={errorField} error={error} />
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
        onSubmit={(form) => submit({ ...offeringRequest(form), version: editing!.version })}
        onClose={close}
      >
        {editing && <OfferingFields values={editing} errorField={errorField} error={error} />}
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
        onSubmit={() => submit({ version: retiring!.version })}
        onClose={close}
      />
    </section>
  );
}

/** The tabs under a puja's form; the first is the page's own address, the others add `?tab=`. */
const PUJA_TABS = [
  ['packages', 'Packages'],
  ['offerings', 'Chadhava offerings'],
  ['dates', 'Dates and availability'],
] as const;
type PujaTab = (typeof PUJA_TABS)[number][0];

/** The open tab, kept in the address (`?tab=offerings`) so it can be linked and reloaded. */
function usePujaTab(): [PujaTab, (tab: string) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const asked = new URLSearchParams(search).get('tab');
  const tab = PUJA_TABS.find(([value]) => value === asked)?.[0] ?? 'packages';
  const choose = (next: string) => {
    const params = new URLSearchParams(search);
    if (next === PUJA_TABS[0][0]) params.delete('tab');
    else params.set('tab', next);
    const query = params.toString();
    navigate(query ? `${location}?${query}` : location, { replace: true });
  };
  return [tab, choose];
}

/** A puja's page in the back office: its form, then its packages, offerings and dates in tabs. */
export function PujaEditPage({ id }: { id: number | null }) {
  const edit = useActorRef(pujaEditMachine, { input: { id, draft: newPuja() }, ...inspectOptions() });
  const record = useSelector(edit, selectRecord);
  const draft = useSelector(edit, selectDraft);
  const dirty = useSelector(edit, selectIsDirty);
  const [tab, chooseTab] = usePujaTab();
  const steps =
    record && typeof record.id === 'number' ? (
      <Tabs.Root className="bo-sections" value={tab} onValueChange={chooseTab}>
        <Tabs.List className="bo-sections__list" aria-label="About this puja">
          {PUJA_TABS.map(([value, label]) => (
            <Tabs.Trigger key={value} className="bo-sections__trigger" value={value}>
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <PujaSteps id={record.id} dirty={dirty} edit={edit} />
        <Tabs.Content className="bo-sections__panel" value="offerings">
          <PujaOfferings key={record.id} pujaId={record.id} />
        </Tabs.Content>
      </Tabs.Root>
    ) : null;
  const place = typeof draft.place === 'string' ? draft.place : '';
  const suggested = scriptForPlace(place);
  return (
    <EditFrame
      edit={edit}
      title={id === null ? 'New puja' : textOf(record?.pujaName, 'Puja')}
      back={['/admin/pujas', 'Pujas']}
      created="Puja created"
      specs={pujaSpecs}
      aside={
        record && typeof record.id === 'number' && !record.retiredAt ? (
          <a className="button" href={`#/pujas/${record.id}`} target="_blank" rel="noreferrer">
            See it in the shop
          </a>
        ) : undefined
      }
    >
      {place && draft.script !== suggested && (
        <p className="bo-muted bo-no-print">
          Temples at “{place}” usually read the sankalp in {TEMPLE_SCRIPT_LABELS[suggested]}.{' '}
          <button
            type="button"
            className="button button--small"
            onClick={() => edit.send({ type: 'edit.change', field: 'script', value: suggested })}
          >
            Use {TEMPLE_SCRIPT_LABELS[suggested]}
          </button>
        </p>
      )}
      {id === null && <p className="bo-muted">Save the puja first; then add its packages and offerings.</p>}
      {steps}
    </EditFrame>
  );
}

/* ------------------------------------------------------------------------------------------
 * Products and their stock
 * ---------------------------------------------------------------------------------------- */

const productEditMachine = liveEditMachine({
  load: (id, signal) =>
    staffGet(`/api/admin/products/${id}`, AdminProductResponse, signal).then(({ product }) => product),
  save: async (id, body, version, signal) =>
    (id === null
      ? await staffSend('POST', '/api/admin/products', body, AdminProductResponse, signal)
      : await staffSend(
          'PUT',
          `/api/admin/products/${id}`,
          { ...body, version },
          AdminProductResponse,
          signal,
        )
    ).product,
  schema: ProductInput,
  fields: fieldsOf(ProductInput),
  pathOf: (record) => `/admin/products/${record.id}`,
});

const stockMachine = liveRecordMachine(
  (id, signal) =>
    staffGet(`/api/admin/products/${id}`, AdminProductResponse, signal).then(({ product }) => product),
  (id, action, request, signal) => {
    if (action === 'stock.entry')
      return staffSend('POST', `/api/admin/products/${id}/stock`, request, AdminProductResponse, signal).then(
        (r) => r.product,
      );
    const version = (request as { version: number }).version;
    return staffSend(
      'POST',
      `/api/admin/products/${id}/${action === 'product.retire' ? 'retire' : 'restore'}`,
      { version },
      AdminProductResponse,
      signal,
    ).then((r) => r.product);
  },
);

function StockPanel({ id, dirty, edit }: { id: number; dirty: boolean; edit: EditRef }) {
  const ref = useActorRef(stockMachine.provide({ actions: rebasingFormOn(edit) }), {
    input: { id },
    ...inspectOptions(),
  });
  // Retire and restore send the version the form holds: it follows its saves and these steps.
  const formVersion = useSelector(edit, selectRecord)?.version;
  const product = useSelector(ref, selectStaffRecord) as AdminProduct | null;
  const action = useSelector(ref, selectOpenAction);
  const error = useSelector(ref, selectActionError);
  const sending = useSelector(ref, selectIsSending);
  const done = useSelector(ref, selectDoneAction);
  const [reason, setReason] = useState<string>('received');
  if (!product) return null;
  const close = () => ref.send({ type: 'action.close' });
  return (
    <>
      <section className="bo-panel" aria-labelledby="stock-title">
        <div className="bo-head">
          <div>
            <h2 id="stock-title">Stock: {product.stockQuantity}</h2>
            <p className="bo-muted">Every change is an entry below; the stock is their sum.</p>
          </div>
          <button
            type="button"
            className="button button--primary"
            onClick={() => ref.send({ type: 'action.open', action: 'stock.entry' })}
          >
            Receive or adjust stock
          </button>
        </div>
        {done === 'stock.entry' && (
          <p className="bo-notice" role="status">
            Stock updated: {product.stockQuantity} now.
          </p>
        )}
        <table className="bo-table">
          <caption className="visually-hidden">Stock ledger</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">What</th>
              <th scope="col" className="num">
                Change
              </th>
              <th scope="col" className="num">
                Stock after
              </th>
              <th scope="col">Who</th>
            </tr>
          </thead>
          <tbody>
            {product.ledger.map((entry) => (
              <tr key={entry.id}>
                <td>{formatDateTime(entry.at)}</td>
                <td>
                  {stockReasonLabels[entry.reason]}
                  {entry.orderNumber && <div className="bo-muted">{entry.orderNumber}</div>}
                  {entry.note && <div className="bo-muted">{entry.note}</div>}
                </td>
                <td className="num">{entry.quantity > 0 ? `+${entry.quantity}` : entry.quantity}</td>
                <td className="num">{entry.balance}</td>
                <td>{entry.userName ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="bo-actions" style={{ marginTop: 16 }}>
          <button
            type="button"
            className="button"
            disabled={dirty}
            title={dirty ? 'Save or discard your changes first' : undefined}
            onClick={() =>
              ref.send({
                type: 'action.open',
                action: product.retiredAt ? 'product.restore' : 'product.retire',
              })
            }
          >
            {product.retiredAt ? 'Restore to the shop' : 'Retire from the shop'}
          </button>
        </div>
      </section>
      <ActionDialog
        open={action === 'stock.entry'}
        title="Receive or adjust stock"
        description={`${product.name}: ${product.stockQuantity} in stock now.`}
        submitLabel="Record"
        busyLabel="Recording..."
        error={action === 'stock.entry' ? error : undefined}
        busy={sending}
        onSubmit={(form) =>
          ref.send({
            type: 'action.submit',
            request: {
              reason: formText(form, 'reason'),
              quantity: Number(formText(form, 'quantity')),
              direction: formText(form, 'direction') || 'add',
              note: formText(form, 'note'),
            },
          })
        }
        onClose={close}
      >
        <div className="field">
          <label htmlFor="stock-reason">What happened</label>
          <select
            id="stock-reason"
            name="reason"
            className="select"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          >
            {STAFF_STOCK_REASONS.map((r) => (
              <option key={r} value={r}>
                {stockReasonLabels[r]}
              </option>
            ))}
          </select>
        </div>
        {reason === 'adjusted' && (
          <div className="field">
            <label htmlFor="stock-direction">The count is</label>
            <select id="stock-direction" name="direction" className="select">
              <option value="add">Higher: add units</option>
              <option value="remove">Lower: take units off</option>
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor="stock-quantity">Units</label>
          <input
            id="stock-quantity"
            name="quantity"
            className="input"
            type="number"
            min={1}
            step={1}
            required
          />
        </div>
        <div className="field">
          <label htmlFor="stock-note">{reason === 'adjusted' ? 'Why (required)' : 'Note (optional)'}</label>
          <input id="stock-note" name="note" className="input" />
        </div>
      </ActionDialog>
      <ActionDialog
        open={action === 'product.retire' || action === 'product.restore'}
        title={action === 'product.retire' ? 'Retire this product?' : 'Restore this product?'}
        description={
          action === 'product.retire'
            ? 'It leaves the shop; carts holding it are told when they are next checked.'
            : 'It is back in the shop.'
        }
        submitLabel={action === 'product.retire' ? 'Retire' : 'Restore'}
        busyLabel="Saving..."
        danger={action === 'product.retire'}
        error={error}
        busy={sending}
        onSubmit={() => ref.send({ type: 'action.submit', request: { version: formVersion } })}
        onClose={close}
      />
    </>
  );
}

export function ProductEditPage({ id }: { id: number | null }) {
  const categories = useResource((signal) =>
    staffGet('/api/admin/categories', AdminCategoryListResponse, signal),
  );
  const edit = useActorRef(productEditMachine, {
    input: { id, draft: { name: '', description: '', price: '', offerPrice: '', image: '', categoryId: '' } },
    ...inspectOptions(),
  });
  const record = useSelector(edit, selectRecord);
  const dirty = useSelector(edit, selectIsDirty);
  const specs: FieldSpec[] = [
    { name: 'name', label: fieldLabels.product.name },
    {
      name: 'categoryId',
      label: fieldLabels.product.categoryId,
      kind: 'select',
      // Only a category in the shop takes a product (a retired product may stay in its own).
      options: [
        ['', 'Choose a category'],
        ...(categories.data?.categories ?? [])
          .filter((c) => !c.retiredAt || c.id === record?.categoryId)
          .map((c) => [String(c.id), c.retiredAt ? `${c.name} (retired)` : c.name] as const),
      ],
    },
    { name: 'price', label: fieldLabels.product.price, kind: 'money' },
    {
      name: 'offerPrice',
      label: fieldLabels.product.offerPrice,
      kind: 'money',
      hint: 'What the customer pays; carts re-price when they are next checked.',
    },
    { name: 'image', label: fieldLabels.product.image, kind: 'image', slot: 'product', wide: true },
    { name: 'description', label: fieldLabels.product.description, kind: 'markup' },
  ];
  return (
    <EditFrame
      edit={edit}
      title={id === null ? 'New product' : textOf(record?.name, 'Product')}
      back={['/admin/products', 'Products']}
      created="Product created"
      specs={specs}
    >
      {id === null && <p className="bo-muted">Save the product first; then receive its stock.</p>}
      {record && typeof record.id === 'number' && <StockPanel id={record.id} dirty={dirty} edit={edit} />}
    </EditFrame>
  );
}

/* ------------------------------------------------------------------------------------------
 * Categories, astrologers, coupons
 * ---------------------------------------------------------------------------------------- */

/** A category as staff read it: the list has them all (there is no route for one). */
const loadCategory = async (id: number, signal: AbortSignal): Promise<AdminCategory> => {
  const { categories } = await staffGet('/api/admin/categories', AdminCategoryListResponse, signal);
  const found = categories.find((c) => c.id === id);
  if (!found) throw Object.assign(new Error('Category not found'), { status: 404 });
  return found;
};

const categoryEditMachine = liveEditMachine({
  load: loadCategory,
  save: async (id, body, version, signal) =>
    (id === null
      ? await staffSend('POST', '/api/admin/categories', body, AdminCategoryResponse, signal)
      : await staffSend(
          'PUT',
          `/api/admin/categories/${id}`,
          { ...body, version },
          AdminCategoryResponse,
          signal,
        )
    ).category,
  schema: CategoryInput,
  fields: fieldsOf(CategoryInput),
  pathOf: (record) => `/admin/categories/${record.id}`,
});

/** Retiring or restoring a record: `retire` or `restore` after its path, with the version read. */
const retireStep =
  <S extends v.GenericSchema>(path: string, schema: S, pick: (answer: v.InferOutput<S>) => unknown) =>
  (id: number, action: string, request: unknown, signal: AbortSignal) =>
    staffSend(
      'POST',
      `${path}/${id}/${action.endsWith('.retire') ? 'retire' : 'restore'}`,
      request,
      schema,
      signal,
    ).then(pick);

const categoryRetireMachine = liveRecordMachine(
  loadCategory,
  retireStep('/api/admin/categories', AdminCategoryResponse, (r) => r.category),
);

/**
 * Retire a record from the shop or restore it, in a dialog (docs/product-rules.md, Roles and
 * the back office); the server's refusal (a category with products in the shop, someone else's
 * save) is shown in the dialog.
 */
function RetirePanel({
  id,
  dirty,
  edit,
  machine,
  noun,
  status,
  retireText,
  restoreText,
}: {
  id: number;
  dirty: boolean;
  edit: EditRef;
  machine: typeof categoryRetireMachine;
  noun: string;
  status?: (record: { retiredAt: string | null }) => ReactNode;
  retireText: string;
  restoreText: string;
}) {
  const ref = useActorRef(machine.provide({ actions: rebasingFormOn(edit) }), {
    input: { id },
    ...inspectOptions(),
  });
  // Retire and restore send the version the form holds: it follows its saves and these steps.
  const formVersion = useSelector(edit, selectRecord)?.version;
  const record = useSelector(ref, selectStaffRecord) as { retiredAt: string | null; version: number } | null;
  const action = useSelector(ref, selectOpenAction);
  const error = useSelector(ref, selectActionError);
  const sending = useSelector(ref, selectIsSending);
  if (!record) return null;
  const retiring = action === `${noun}.retire`;
  return (
    <section className="bo-panel" aria-labelledby={`${noun}-shop`}>
      <h2 id={`${noun}-shop`}>In the shop</h2>
      <p className="bo-muted" role="status">
        {record.retiredAt ? `Retired ${formatDateTime(record.retiredAt)}: not in the shop.` : 'In the shop.'}{' '}
        {status?.(record)}
      </p>
      <div className="bo-actions">
        <button
          type="button"
          className="button"
          disabled={dirty}
          title={dirty ? 'Save or discard your changes first' : undefined}
          onClick={() =>
            ref.send({ type: 'action.open', action: `${noun}.${record.retiredAt ? 'restore' : 'retire'}` })
          }
        >
          {record.retiredAt ? 'Restore to the shop' : 'Retire from the shop'}
        </button>
      </div>
      <ActionDialog
        open={action === `${noun}.retire` || action === `${noun}.restore`}
        title={retiring ? `Retire this ${noun}?` : `Restore this ${noun}?`}
        description={retiring ? retireText : restoreText}
        submitLabel={retiring ? 'Retire' : 'Restore'}
        busyLabel="Saving..."
        danger={retiring}
        error={error}
        busy={sending}
        onSubmit={() => ref.send({ type: 'action.submit', request: { version: formVersion } })}
        onClose={() => ref.send({ type: 'action.close' })}
      />
    </section>
  );
}

export function CategoryEditPage({ id }: { id: number | null }) {
  const edit = useActorRef(categoryEditMachine, {
    input: { id, draft: { name: '', category: '', imgUrl: '' } },
    ...inspectOptions(),
  });
  const record = useSelector(edit, selectRecord);
  const dirty = useSelector(edit, selectIsDirty);
  const specs: FieldSpec[] = [
    { name: 'name', label: fieldLabels.category.name },
    {
      name: 'category',
      label: fieldLabels.category.category,
      hint: 'Lower-case words and dashes, used in the shop’s addresses (e.g. “rudraksha-malas”).',
    },
    { name: 'imgUrl', label: fieldLabels.category.imgUrl, kind: 'image', slot: 'category', wide: true },
  ];
  return (
    <EditFrame
      edit={edit}
      title={id === null ? 'New category' : textOf(record?.name, 'Category')}
      back={['/admin/categories', 'Categories']}
      created="Category created"
      specs={specs}
    >
      {record && typeof record.id === 'number' && (
        <RetirePanel
          id={record.id}
          dirty={dirty}
          edit={edit}
          machine={categoryRetireMachine}
          noun="category"
          status={(category) => {
            const count = (category as AdminCategory).productCount;
            return `${count} ${count === 1 ? 'product' : 'products'} in the shop.`;
          }}
          retireText="It leaves the shop’s categories. Only a category with none of its products in the shop can be retired: move them to another category or retire them first."
          restoreText="It is back in the shop’s categories. Its retired products stay retired until you restore them."
        />
      )}
    </EditFrame>
  );
}

const astrologerEditMachine = liveEditMachine({
  load: (id, signal) =>
    staffGet(`/api/admin/astrologers/${id}`, AdminAstrologerResponse, signal).then(
      ({ astrologer }) => astrologer,
    ),
  save: async (id, body, version, signal) =>
    (id === null
      ? await staffSend('POST', '/api/admin/astrologers', body, AdminAstrologerResponse, signal)
      : await staffSend(
          'PUT',
          `/api/admin/astrologers/${id}`,
          { ...body, version },
          AdminAstrologerResponse,
          signal,
        )
    ).astrologer,
  schema: AstrologerInput,
  fields: fieldsOf(AstrologerInput),
  pathOf: (record) => `/admin/astrologers/${record.id}`,
});

const astrologerRetireMachine = liveRecordMachine(
  (id, signal) =>
    staffGet(`/api/admin/astrologers/${id}`, AdminAstrologerResponse, signal).then(
      ({ astrologer }): AdminAstrologer => astrologer,
    ),
  retireStep('/api/admin/astrologers', AdminAstrologerResponse, (r) => r.astrologer),
);

export function AstrologerEditPage({ id }: { id: number | null }) {
  const edit = useActorRef(astrologerEditMachine, {
    input: {
      id,
      draft: { name: '', photo: '', specializations: [], experience: '', ratePerMinute: '', bio: '' },
    },
    ...inspectOptions(),
  });
  const record = useSelector(edit, selectRecord);
  const dirty = useSelector(edit, selectIsDirty);
  const specs: FieldSpec[] = [
    { name: 'name', label: fieldLabels.astrologer.name },
    {
      name: 'specializations',
      label: fieldLabels.astrologer.specializations,
      kind: 'list',
      hint: 'Separated by commas: Vedic, Numerology',
    },
    { name: 'experience', label: fieldLabels.astrologer.experience, kind: 'number' },
    { name: 'ratePerMinute', label: fieldLabels.astrologer.ratePerMinute, kind: 'money' },
    { name: 'photo', label: fieldLabels.astrologer.photo, kind: 'image', slot: 'astrologer', wide: true },
    { name: 'bio', label: fieldLabels.astrologer.bio, kind: 'markup' },
  ];
  return (
    <EditFrame
      edit={edit}
      title={id === null ? 'New astrologer' : textOf(record?.name, 'Astrologer')}
      back={['/admin/astrologers', 'Astrologers']}
      created="Astrologer created"
      specs={specs}
    >
      {record && typeof record.id === 'number' && (
        <RetirePanel
          id={record.id}
          dirty={dirty}
          edit={edit}
          machine={astrologerRetireMachine}
          noun="astrologer"
          retireText="Their profile leaves the shop’s list of astrologers."
          restoreText="Their profile is back in the shop’s list of astrologers."
        />
      )}
    </EditFrame>
  );
}

const couponEditMachine = liveEditMachine({
  load: async (id, signal) => {
    const { coupons } = await staffGet('/api/admin/coupons', AdminCouponListResponse, signal);
    const found = coupons.find((c) => c.id === id);
    if (!found) throw Object.assign(new Error('Coupon not found'), { status: 404 });
    return found;
  },
  save: async (id, body, version, signal) =>
    (id === null
      ? await staffSend('POST', '/api/admin/coupons', body, AdminCouponResponse, signal)
      : await staffSend('PUT', `/api/admin/coupons/${id}`, { ...body, version }, AdminCouponResponse, signal)
    ).coupon,
  schema: CouponInput,
  fields: fieldsOf(CouponInput),
  pathOf: (record) => `/admin/coupons/${record.id}`,
});

export function CouponEditPage({ id }: { id: number | null }) {
  const edit = useActorRef(couponEditMachine, {
    input: {
      id,
      draft: {
        code: '',
        kind: 'percent',
        value: 10,
        minSubtotal: 0,
        maxDiscount: null,
        startsAt: null,
        expiresAt: null,
        usageLimit: null,
        perCustomerLimit: 1,
        active: true,
      },
    },
    ...inspectOptions(),
  });
  const record = useSelector(edit, selectRecord);
  const specs: FieldSpec[] = [
    { name: 'code', label: fieldLabels.coupon.code, hint: 'Capital letters and digits, e.g. NAVRATRI15' },
    {
      name: 'kind',
      label: fieldLabels.coupon.kind,
      kind: 'select',
      options: [
        ['percent', 'A percentage off'],
        ['flat', 'An amount off (₹)'],
      ],
    },
    { name: 'value', label: fieldLabels.coupon.value, kind: 'number' },
    { name: 'maxDiscount', label: fieldLabels.coupon.maxDiscount, kind: 'money', optional: true },
    { name: 'minSubtotal', label: fieldLabels.coupon.minSubtotal, kind: 'money' },
    { name: 'active', label: fieldLabels.coupon.active, kind: 'checkbox' },
    { name: 'startsAt', label: fieldLabels.coupon.startsAt, kind: 'datetime', optional: true },
    { name: 'expiresAt', label: fieldLabels.coupon.expiresAt, kind: 'datetime', optional: true },
    { name: 'usageLimit', label: fieldLabels.coupon.usageLimit, kind: 'number', optional: true },
    { name: 'perCustomerLimit', label: fieldLabels.coupon.perCustomerLimit, kind: 'number', optional: true },
  ];
  return (
    <EditFrame
      edit={edit}
      title={id === null ? 'New coupon' : textOf(record?.code, 'Coupon')}
      back={['/admin/coupons', 'Coupons']}
      created="Coupon created"
      specs={specs}
      aside={
        record ? (
          <span className="bo-tag">
            {record.timesUsed === 1 ? 'Used once' : `Used ${textOf(record.timesUsed, '0')} times`}
          </span>
        ) : undefined
      }
    />
  );
}

export { v };
