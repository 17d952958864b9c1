import * as Tabs from '@radix-ui/react-tabs';
import { useActorRef, useSelector } from '@xstate/react';
import { useLocation, useSearch } from 'wouter';
import { KEPT_UPLOAD } from '../../../../contract/admin/images.ts';
import { PUJA_DRAFT_NOTE, PujaInput, scriptForPlace } from '../../../../contract/admin/pujas.ts';
import { TEMPLE_SCRIPTS } from '../../../../contract/temple-script.ts';
import { fieldLabel, fieldLabels } from '../../../../contract/field-labels.ts';
import { DAY_MS, fromIndiaDateTimeText, indiaDay } from '../../../../contract/india-time.ts';
import { TEMPLE_SCRIPT_LABELS } from '../../../../contract/temple-script.ts';
import type { EditRecord } from '../../../../machines/admin-edit/admin-edit.machine.ts';
import {
  selectDraft,
  selectIsDirty,
  selectRecord,
} from '../../../../machines/admin-edit/admin-edit.selectors.ts';
import { liveEditMachine } from '../../../live/admin.ts';
import { fetchStaffPuja, saveStaffPuja } from '../../../lib/admin/pujas.ts';
import { inspectOptions } from '../../../lib/inspector.ts';
import { EditFrame } from '../parts/edit-frame.tsx';
import { textOf, type FieldSpec } from '../parts/form-field.tsx';
import { PujaWaitlist } from './puja-waitlist.tsx';
import { PujaOfferings } from './puja-offerings.tsx';
import { PujaSteps } from './puja-steps.tsx';

// The default time of a new puja: 6:00 am in India, `days` from today.
const atSix = (days: number) => fromIndiaDateTimeText(`${indiaDay(Date.now() + days * DAY_MS)}T06:00`);

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
  {
    name: 'capacity',
    label: fieldLabels.puja.capacity,
    kind: 'number',
    optional: true,
    hint: 'Persons’ names the temple reads on this date; a family booking of four takes four. Empty: no limit.',
  },
  {
    name: 'maxPerAccount',
    label: fieldLabels.puja.maxPerAccount,
    kind: 'number',
    optional: true,
    hint: 'Bookings one account may hold of this date (1 to 20), for scarce dates. Empty: no limit.',
  },
  // The temple's authorisation (docs/product-rules.md): all but the photo, or the puja stays a draft.
  {
    name: 'templeName',
    label: fieldLabels.puja.templeName,
    hint: 'The temple as its authorisation names it, e.g. Sri Kukke Subramanya Temple.',
  },
  {
    name: 'performedBy',
    label: fieldLabels.puja.performedBy,
    hint: 'The priest, or the temple’s office, who performs it: shown as “by …”.',
  },
  {
    name: 'authorisedBy',
    label: fieldLabels.puja.authorisedBy,
    hint: 'The office that authorised the shop to offer it, e.g. the Temple Executive Office.',
  },
  {
    name: 'authorisationRef',
    label: fieldLabels.puja.authorisationRef,
    hint: 'The letter’s number or reference, e.g. KSS/SEVA/2026/114.',
  },
  {
    name: 'authorisationDate',
    label: fieldLabels.puja.authorisationDate,
    kind: 'date',
    hint: 'The date on the letter.',
  },
  {
    name: 'authorisationImageId',
    label: fieldLabels.puja.authorisationImageId,
    kind: 'image',
    slot: KEPT_UPLOAD,
    wide: true,
  },
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

const pujaEditMachine = liveEditMachine(PujaInput, '/admin/pujas', {
  load: fetchStaffPuja,
  save: saveStaffPuja,
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
  capacity: null,
  maxPerAccount: null,
  templeName: null,
  performedBy: null,
  authorisedBy: null,
  authorisationRef: null,
  authorisationDate: null,
  authorisationImageId: null,
  ...Object.fromEntries(
    [1, 2, 3, 4].flatMap((n) => [
      [`benefitTitle${n}`, ''],
      [`benefitDesc${n}`, ''],
    ]),
  ),
});

/** The tabs under a puja's form; the first is the page's own address, the others add `?tab=`. */
const PUJA_TABS = [
  ['packages', 'Packages'],
  ['offerings', 'Chadhava offerings'],
  ['dates', 'Dates and availability'],
  ['waitlist', 'Waitlist'],
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

/** A puja's page in the back office: its form, then its packages, offerings, dates and waitlist in tabs. */
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
        <Tabs.Content className="bo-sections__panel" value="waitlist">
          <PujaWaitlist key={record.id} pujaId={record.id} />
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
      {record?.draft === true && (
        <p className="bo-note" role="status">
          {PUJA_DRAFT_NOTE}
        </p>
      )}
      {steps}
    </EditFrame>
  );
}
