import type { BookedPerson, PersonDraft } from '../../../contract/booking.ts';
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
      // A spelling in the temple's script corrected earlier is kept as it is.
      ...(person.nameInScript && { nameInScript: person.nameInScript }),
      ...(person.gothraInScript && { gothraInScript: person.gothraInScript }),
    };
  });
}

export function PersonFields({
  index,
  count,
  person,
}: {
  index: number;
  count: number;
  person: BookedPerson;
}) {
  const name = (field: string) => `${field}-${index}`;
  const id = (field: string) => `correct-${field}-${index}`;
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
            defaultValue={person.dateOfBirth}
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
            defaultValue={person.birthTime ?? ''}
          />
        </div>
      </div>
      <label className="person-fields__check">
        <input type="checkbox" name={name('birthTimeNotKnown')} defaultChecked={person.birthTime === null} />
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
      <div className="person-fields__row">
        <label className="field">
          Raashi
          <RaashiChoice name={name('raashi')} defaultValue={person.raashi} required />
        </label>
        <label className="field">
          Nakshatra
          <NakshatraChoice name={name('nakshatra')} defaultValue={person.nakshatra ?? ''} />
        </label>
      </div>
      <label className="person-fields__check">
        <input
          type="checkbox"
          name={name('nakshatraNotKnown')}
          defaultChecked={person.nakshatra === null}
        />
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
        />
      </div>
    </fieldset>
  );
}
