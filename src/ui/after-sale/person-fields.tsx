import { useState } from 'react';
import type { BookedPerson, PersonDraft, ScriptSpellingField } from '../../../contract/booking.ts';
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
  const id = (field: string) => `correct-${field}-${index}`;
  // The birth-star suggestion reads the date and time as typed and fills raashi and nakshatra.
  const [dateOfBirth, setDateOfBirth] = useState(person.dateOfBirth);
  const [birthTime, setBirthTime] = useState(person.birthTime ?? '');
  const [birthTimeNotKnown, setBirthTimeNotKnown] = useState(person.birthTime === null);
  const [raashi, setRaashi] = useState<string>(person.raashi);
  const [nakshatra, setNakshatra] = useState<string>(person.nakshatra ?? '');
  return (
    <fieldset className="person-fields">
      <legend>{count > 1 ? `Person ${index + 1} of ${count}` : 'Person'}</legend>
      <div className="field">
        <label htmlFor={id('name')}>Name</label>
        <input
          id={id('name')}
          className="input"
          name={name('name')}
          defaultValue={person.name}
          required
          maxLength={100}
          onChange={(event) => onTyped?.('name', event.target.value)}
        />
      </div>
      <div className="person-fields__row">
        <div className="field">
          <label htmlFor={id('dateOfBirth')}>Date of birth</label>
          <input
            id={id('dateOfBirth')}
            className="input"
            type="date"
            name={name('dateOfBirth')}
            value={dateOfBirth}
            onChange={(event) => setDateOfBirth(event.target.value)}
            required
          />
        </div>
        <div className="field">
          <label htmlFor={id('birthTime')}>Birth time</label>
          <input
            id={id('birthTime')}
            className="input"
            type="time"
            name={name('birthTime')}
            value={birthTime}
            onChange={(event) => setBirthTime(event.target.value)}
          />
        </div>
      </div>
      <label className="person-fields__check">
        <input
          type="checkbox"
          name={name('birthTimeNotKnown')}
          checked={birthTimeNotKnown}
          onChange={(event) => setBirthTimeNotKnown(event.target.checked)}
        />
        Birth time not known
      </label>
      <div className="field">
        <label htmlFor={id('birthPlace')}>Birth place</label>
        <input
          id={id('birthPlace')}
          className="input"
          name={name('birthPlace')}
          defaultValue={person.birthPlace ?? ''}
          maxLength={100}
        />
      </div>
      <label className="person-fields__check">
        <input
          type="checkbox"
          name={name('birthPlaceNotKnown')}
          defaultChecked={person.birthPlace === null}
        />
        Birth place not known
      </label>
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
      <label className="person-fields__check">
        <input type="checkbox" name={name('nakshatraNotKnown')} defaultChecked={person.nakshatra === null} />
        Nakshatra not known
      </label>
      <div className="field">
        <label htmlFor={id('gothra')}>Gothra</label>
        <input
          id={id('gothra')}
          className="input"
          name={name('gothra')}
          defaultValue={person.gothra}
          required
          maxLength={60}
          onChange={(event) => onTyped?.('gothra', event.target.value)}
        />
      </div>
    </fieldset>
  );
}
