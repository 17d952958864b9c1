import { useId, useState, type FormEvent, type ReactElement } from 'react';
import { EARLIEST_DATE_OF_BIRTH, localToday } from '../../../contract/person.ts';
import { nakshatraLabel, raashiLabel } from '../../../contract/raashi-nakshatra.ts';
import {
  DEFAULT_GOTHRA,
  emptyFamilyProfile,
  familyMessages,
  personFromProfile,
  RELATION_LABELS,
  RELATIONS,
  validateFamilyProfile,
  type FamilyProfile,
  type FamilyProfileDraft,
  type FamilyProfileErrors,
} from '../../../contract/family.ts';
import { fetchFamily, removeFamilyMember, saveFamilyMember } from '../../lib/family.ts';
import { formatCalendarDay, formatClockTime } from '../../lib/format.ts';
import { useResource } from '../../lib/use-resource.ts';
import { BirthStarSuggestion } from '../../ui/birth-star/birth-star-suggestion.tsx';
import { NakshatraChoice, RaashiChoice } from '../../ui/birth-star/star-name-choice.tsx';
import { ResourceView } from '../../ui/status.tsx';
import { useAccountForm } from './use-account-form.ts';

/**
 * The "My family" tab (docs/product-rules.md, Family profiles): the people the customer books
 * for, added, edited and removed here and chosen in one tap in the booking wizard. The form is
 * checked by the wizard's person rules (contract/family.ts) before the server checks it again.
 */
export function FamilyPanel() {
  // A new key reloads the list after a change.
  const [version, setVersion] = useState(0);
  // What the last removal said: kept here, since the list it happened in is made anew.
  const [notice, setNotice] = useState<string>();
  return (
    <FamilyList
      key={version}
      notice={notice}
      onNotice={setNotice}
      onChanged={() => setVersion((n) => n + 1)}
    />
  );
}

type Editing = { id: number | undefined; draft: FamilyProfileDraft } | null;

function FamilyList({
  notice,
  onNotice: setNotice,
  onChanged,
}: {
  notice: string | undefined;
  onNotice: (notice: string | undefined) => void;
  onChanged: () => void;
}) {
  const family = useResource(fetchFamily);
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <ResourceView resource={family} loadingLabel="Loading your family...">
      {(profiles) => (
        <>
          {notice && (
            <p className="profile-saved" role="status">
              {notice}
            </p>
          )}
          {profiles.length === 0 && editing === null && (
            <div className="empty-state account-empty">
              <h3>No family members</h3>
              <p>Save the people you book pujas for, and fill in their details in one tap next time.</p>
            </div>
          )}
          {profiles.length > 0 && (
            <ul className="family-list" aria-label="My family">
              {profiles.map((profile) => (
                <FamilyRow
                  key={profile.id}
                  profile={profile}
                  onEdit={() => {
                    setNotice(undefined);
                    setEditing({
                      id: profile.id,
                      draft: {
                        ...personFromProfile(profile),
                        relation: profile.relation,
                        gothraNotKnown: profile.gothraNotKnown,
                        gothra: profile.gothraNotKnown ? '' : profile.gothra,
                      },
                    });
                  }}
                  onRemoved={(message) => {
                    setNotice(message);
                    onChanged();
                  }}
                />
              ))}
            </ul>
          )}
          {editing ? (
            <FamilyForm
              key={editing.id ?? 'new'}
              editing={editing}
              onCancel={() => setEditing(null)}
              onSaved={() => onChanged()}
            />
          ) : (
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                setNotice(undefined);
                setEditing({ id: undefined, draft: emptyFamilyProfile() });
              }}
            >
              Add a family member
            </button>
          )}
        </>
      )}
    </ResourceView>
  );
}

function FamilyRow({
  profile,
  onEdit,
  onRemoved,
}: {
  profile: FamilyProfile;
  onEdit: () => void;
  onRemoved: (message: string) => void;
}) {
  const remove = useAccountForm(
    async (_values, signal) => ({ message: await removeFamilyMember(profile.id, signal) }),
    (result) => onRemoved(`${profile.name}: ${result.message.toLowerCase()}`),
  );
  return (
    <li className="family-row">
      <div>
        <h3 className="family-row__name">
          {profile.name} <span className="family-row__relation">{RELATION_LABELS[profile.relation]}</span>
        </h3>
        <p className="family-row__facts">
          Born {formatCalendarDay(profile.dateOfBirth)}
          {profile.birthTime ? ` at ${formatClockTime(profile.birthTime)}` : ''}
          {profile.birthPlace ? `, ${profile.birthPlace}` : ''} · {raashiLabel(profile.raashi)} ·{' '}
          {profile.nakshatra === null ? 'nakshatra not known' : nakshatraLabel(profile.nakshatra)} ·{' '}
          {profile.gothra} gothra
          {profile.gothraNotKnown ? ` (${familyMessages.gothraNotKnownNote})` : ''}
        </p>
        {remove.error && <p className="booking-field__error">{remove.error}</p>}
      </div>
      <div className="family-row__actions">
        <button type="button" className="button button--small" onClick={onEdit}>
          Edit
        </button>
        <button
          type="button"
          className="button button--small"
          disabled={remove.sending}
          aria-label={`Remove ${profile.name}`}
          onClick={() => remove.submit(null)}
        >
          Remove
        </button>
      </div>
    </li>
  );
}

const textFields = [
  ['name', 'Name', 'text'],
  ['dateOfBirth', 'Date of birth', 'date'],
  ['birthTime', 'Birth time', 'time'],
  ['birthPlace', 'Birth place', 'text'],
] as const;

/** "Not known" beside a birth time or place: ticking it empties the field. */
const notKnownBoxes = [
  ['birthTime', 'birthTimeNotKnown', 'Birth time not known'],
  ['birthPlace', 'birthPlaceNotKnown', 'Birth place not known'],
] as const;

function FamilyForm({
  editing,
  onCancel,
  onSaved,
}: {
  editing: NonNullable<Editing>;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(editing.draft);
  const [shown, setShown] = useState(false);
  const today = localToday();
  const errors: FamilyProfileErrors = validateFamilyProfile(draft, today);
  const save = useAccountForm(
    async (values, signal) => {
      const profile = await saveFamilyMember(values, editing.id, signal);
      return { message: `${profile.name} is saved.` };
    },
    () => onSaved(),
  );
  const set = (changes: Partial<FamilyProfileDraft>) => {
    setDraft((d) => ({ ...d, ...changes }));
    save.edited();
  };
  const errorOf = (field: keyof FamilyProfileErrors) => (shown ? errors[field] : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (Object.keys(errors).length > 0) return;
    save.submit({ ...draft, gothra: draft.gothraNotKnown ? DEFAULT_GOTHRA : draft.gothra });
  };
  const field = (
    name: keyof FamilyProfileErrors,
    label: string,
    control: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactElement,
  ) => {
    const error = errorOf(name);
    return (
      <div key={name} className={`field booking-field booking-field--${name}`}>
        <label htmlFor={`${id}-${name}`}>{label}</label>
        {control({
          id: `${id}-${name}`,
          'aria-invalid': error !== undefined,
          'aria-describedby': error !== undefined ? `${id}-${name}-error` : undefined,
        })}
        {error && (
          <p id={`${id}-${name}-error`} className="booking-field__error">
            {error}
          </p>
        )}
      </div>
    );
  };
  return (
    <form
      className="profile-form person-card family-form"
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`}>
        {editing.id === undefined ? 'Add a family member' : `Edit ${editing.draft.name}`}
      </h3>
      <div className="person-card__grid">
        {field('relation', 'Relation', (props) => (
          <select
            {...props}
            className="select"
            value={draft.relation}
            onChange={(e) => set({ relation: e.target.value as FamilyProfileDraft['relation'] })}
          >
            <option value="">Select relation</option>
            {RELATIONS.map((r) => (
              <option key={r} value={r}>
                {RELATION_LABELS[r]}
              </option>
            ))}
          </select>
        ))}
        {textFields.map(([name, label, type]) =>
          field(name, label, (props) => (
            <input
              {...props}
              className="input"
              type={type}
              min={type === 'date' ? EARLIEST_DATE_OF_BIRTH : undefined}
              max={type === 'date' ? today : undefined}
              value={draft[name]}
              disabled={
                (name === 'birthTime' && draft.birthTimeNotKnown) ||
                (name === 'birthPlace' && draft.birthPlaceNotKnown)
              }
              onChange={(e) => set({ [name]: e.target.value })}
            />
          )),
        )}
        {notKnownBoxes.map(([field, flag, label]) => (
          <label key={field} className="booking-field__not-known">
            <input
              type="checkbox"
              checked={draft[flag]}
              onChange={(e) => set({ [flag]: e.target.checked, [field]: '' })}
            />
            {label}
          </label>
        ))}
        <BirthStarSuggestion
          dateOfBirth={draft.dateOfBirth}
          birthTime={draft.birthTimeNotKnown ? '' : draft.birthTime}
          birthTimeNotKnown={draft.birthTimeNotKnown}
          nakshatraNotKnownOffered={false}
          onChoose={(choice) => set(choice)}
        />
        {field('raashi', 'Raashi', (props) => (
          <RaashiChoice {...props} value={draft.raashi} onValueChange={(raashi) => set({ raashi })} />
        ))}
        {field('nakshatra', 'Nakshatra', (props) => (
          <NakshatraChoice
            {...props}
            value={draft.nakshatra}
            onValueChange={(nakshatra) => set({ nakshatra })}
          />
        ))}
        {field('gothra', 'Gothra', (props) => (
          <input
            {...props}
            className="input"
            value={draft.gothraNotKnown ? DEFAULT_GOTHRA : draft.gothra}
            disabled={draft.gothraNotKnown}
            onChange={(e) => set({ gothra: e.target.value })}
          />
        ))}
        <label className="booking-field__not-known">
          <input
            type="checkbox"
            checked={draft.gothraNotKnown}
            onChange={(e) => set({ gothraNotKnown: e.target.checked })}
          />
          I don&apos;t know my gothra
        </label>
        {draft.gothraNotKnown && <p className="family-form__note">{familyMessages.gothraNotKnownNote}.</p>}
      </div>
      {save.error && (
        <p className="booking-field__error" role="alert">
          {save.error}
        </p>
      )}
      <div className="profile-form__actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={save.sending}>
          {save.sending ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}
