import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { BookedPerson } from '../../../contract/booking.ts';
import type { PersonDraft, ScriptSpellingField } from '../../../contract/person.ts';
import { BirthStarSuggestion } from '../birth-star/birth-star-suggestion.tsx';
import { NakshatraChoice, RaashiChoice } from '../birth-star/star-name-choice.tsx';
import { formText } from './action-dialog.tsx';
import './after-sale.css';

/*
 * The persons of a booking as "Correct details" edits them, for the customer's booking page and
 * the staff's (docs/product-rules.md, Orders and bookings after the sale): one fieldset a person,
 * in the wizard's person-form layout, its checkboxes 44 px targets on a phone.
 */

/** The corrected persons as the form holds them (a field marked not known is sent as such). */
export function personsFrom(form: FormData, persons: readonly BookedPerson[]): PersonDraft[] {
  return persons.map((person, i) => {
    const text = (field: string) => formText(form, `${field}-${i}`);
    return {
      name: text('name'),
      dateOfBirth: text('dateOfBirth'),
      birthTime: text('birthTime'),
      birthPlace: text('birthPlace'),
      raashi: text('raashi'),
      nakshatra: text('nakshatra'),
      gothra: text('gothra'),
      birthTimeNotKnown: form.get(`birthTimeNotKnown-${i}`) === 'on',
      birthPlaceNotKnown: form.get(`birthPlaceNotKnown-${i}`) === 'on',
      nakshatraNotKnown: form.get(`nakshatraNotKnown-${i}`) === 'on',
      // A spelling in the temple's script: as the read-back's "Edit spelling" holds it ('' is
      // none), else the one corrected earlier, kept as it is.
      ...spelling(form, 'nameInScript', i, person.nameInScript),
      ...spelling(form, 'gothraInScript', i, person.gothraInScript),
    };
  });
}

const spelling = (
  form: FormData,
  field: ScriptSpellingField,
  index: number,
  earlier: string | null | undefined,
): Partial<Record<ScriptSpellingField, string>> => {
  const given = form.get(`${field}-${index}`);
  if (typeof given === 'string') return { [field]: given };
  return earlier ? { [field]: earlier } : {};
};

export function PersonFields({
  index,
  count,
  person,
  onTyped,
}: {
  index: number;
  count: number;
  person: BookedPerson;
  /** The name or gothra as typed so far (the read-back beside the fields follows it). */
  onTyped?: (field: 'name' | 'gothra', value: string) => void;
}) {
  const name = (field: string) => `${field}-${index}`;
  // The birth-star suggestion reads the date and time as typed and fills raashi and nakshatra.
  const [dateOfBirth, setDateOfBirth] = useState(person.dateOfBirth);
  const [birthTime, setBirthTime] = useState(person.birthTime ?? '');
  const [birthTimeNotKnown, setBirthTimeNotKnown] = useState(person.birthTime === null);
  const [raashi, setRaashi] = useState<string>(person.raashi);
  const [nakshatra, setNakshatra] = useState<string>(person.nakshatra ?? '');
  return (
    <fieldset className="person-fields">
      <legend>{count > 1 ? `Person ${index + 1} of ${count}` : 'Person'}</legend>
      <TextField
        field="name"
        index={index}
        label="Name"
        defaultValue={person.name}
        required
        maxLength={100}
        onChange={(event) => onTyped?.('name', event.target.value)}
      />
      <div className="person-fields__row">
        <TextField
          field="dateOfBirth"
          index={index}
          label="Date of birth"
          type="date"
          value={dateOfBirth}
          onChange={(event) => setDateOfBirth(event.target.value)}
          required
        />
        <TextField
          field="birthTime"
          index={index}
          label="Birth time"
          type="time"
          value={birthTime}
          onChange={(event) => setBirthTime(event.target.value)}
        />
      </div>
      <NotKnown field="birthTime" index={index} checked={birthTimeNotKnown} onChange={setBirthTimeNotKnown}>
        Birth time not known
      </NotKnown>
      <TextField
        field="birthPlace"
        index={index}
        label="Birth place"
        defaultValue={person.birthPlace ?? ''}
        maxLength={100}
      />
      <NotKnown field="birthPlace" index={index} checked={person.birthPlace === null}>
        Birth place not known
      </NotKnown>
      <BirthStarSuggestion
        dateOfBirth={dateOfBirth}
        birthTime={birthTime}
        birthTimeNotKnown={birthTimeNotKnown}
        onChoose={(choice) => {
          if (choice.raashi) setRaashi(choice.raashi);
          if (choice.nakshatra) setNakshatra(choice.nakshatra);
        }}
      />
      <div className="person-fields__row">
        <label className="field">
          Raashi
          <RaashiChoice name={name('raashi')} value={raashi} onValueChange={setRaashi} required />
        </label>
        <label className="field">
          Nakshatra
          <NakshatraChoice name={name('nakshatra')} value={nakshatra} onValueChange={setNakshatra} />
        </label>
      </div>
      <NotKnown field="nakshatra" index={index} checked={person.nakshatra === null}>
        Nakshatra not known
      </NotKnown>
      <TextField
        field="gothra"
        index={index}
        label="Gothra"
        defaultValue={person.gothra}
        required
        maxLength={60}
        onChange={(event) => onTyped?.('gothra', event.target.value)}
      />
    </fieldset>
  );
}

/** One labelled input of a person, named `<field>-<index>` as `personsFrom` reads it. */
function TextField({
  field,
  index,
  label,
  ...input
}: { field: string; index: number; label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = `correct-${field}-${index}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} className="input" name={`${field}-${index}`} {...input} />
    </div>
  );
}

/** The "not known" checkbox beside a field, named `<field>NotKnown-<index>`. */
/** A "not known" box: as first read, or followed by the form when `onChange` is given. */
function NotKnown({
  field,
  index,
  checked,
  onChange,
  children,
}: {
  field: 'birthTime' | 'birthPlace' | 'nakshatra';
  index: number;
  checked: boolean;
  onChange?: (checked: boolean) => void;
  children: ReactNode;
}) {
  const name = `${field}NotKnown-${index}`;
  return (
    <label className="person-fields__check">
      {onChange ? (
        <input
          type="checkbox"
          name={name}
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
        />
      ) : (
        <input type="checkbox" name={name} defaultChecked={checked} />
      )}
      {children}
    </label>
  );
}
