import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { EARLIEST_DATE_OF_BIRTH, localToday } from '../../../contract/person.ts';
import {
  familyMessages,
  personFromProfile,
  profileRequestOf,
  RELATION_LABELS,
  RELATIONS,
  type FamilyProfile,
  type Relation,
} from '../../../contract/family.ts';
import { accountFormMachine } from '../../../machines/account-form/account-form.machine.ts';
import {
  selectFormError,
  selectFormResult,
  selectIsSending,
} from '../../../machines/account-form/account-form.selectors.ts';
import {
  selectCanAddPerson,
  selectCanCopyGothra,
  selectMaxPersons,
  selectNotKnown,
  selectPersonCount,
  selectPersonValue,
  selectRefusedNextCount,
} from '../../../machines/puja-wizard/puja-wizard.selectors.ts';
import { saveFamilyMember } from '../../lib/family.ts';
import { BirthStarSuggestion } from '../../ui/birth-star/birth-star-suggestion.tsx';
import { NakshatraChoice, RaashiChoice } from '../../ui/birth-star/star-name-choice.tsx';
import { PersonInput, PersonStarName } from './person-inputs.tsx';
import { StepHeading, type HeadingRef, type WizardRef } from './wizard-step-parts.tsx';

/* ------------------------------------------------------------------------------------------
 * Step 1: Person Details
 * ---------------------------------------------------------------------------------------- */

export function DetailsStep({
  wizard,
  headingRef,
  family,
}: {
  wizard: WizardRef;
  headingRef: HeadingRef;
  family: FamilyProfile[];
}) {
  const count = useSelector(wizard, selectPersonCount);
  const max = useSelector(wizard, selectMaxPersons);
  const canAdd = useSelector(wizard, selectCanAddPerson);
  const refused = useSelector(wizard, selectRefusedNextCount);
  const form = useRef<HTMLFormElement | null>(null);
  const addButton = useRef<HTMLButtonElement | null>(null);
  const shownCount = useRef(count);
  const titleId = useId();

  // After a refused Next, the first field in error takes focus: its message is read with it.
  useEffect(() => {
    if (refused > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refused]);

  // A person added: their name takes focus. A person removed: "Add a person" does (it is there now).
  useEffect(() => {
    const before = shownCount.current;
    shownCount.current = count;
    if (count > before) {
      const names = form.current?.querySelectorAll<HTMLElement>('input[name$=".name"]');
      names?.[names.length - 1]?.focus();
    } else if (count < before) addButton.current?.focus();
  }, [count]);

  return (
    <form
      ref={form}
      className="booking-step"
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        wizard.send({ type: 'wizard.next' });
      }}
    >
      <StepHeading headingRef={headingRef} id={titleId}>
        Person Details
      </StepHeading>
      <p className="booking-step__hint">
        The priest recites these details in the sankalpam, so please enter them for every person the puja is
        performed for. All fields are required; if a birth time, birth place or nakshatra is not known, tick
        the box below it.
      </p>
      {max > 1 && (
        <p className="booking-step__hint">
          This package is for up to {max} persons, at the same price: remove the forms you do not need.
        </p>
      )}
      {Array.from({ length: count }, (_, index) => (
        <PersonFieldset key={index} wizard={wizard} index={index} count={count} family={family} />
      ))}
      {canAdd && (
        <div className="booking-step__add-person">
          <button
            ref={addButton}
            type="button"
            className="button"
            onClick={() => wizard.send({ type: 'person.added' })}
          >
            <span aria-hidden="true">+</span> Add a person ({count} of up to {max})
          </button>
        </div>
      )}
      <div className="booking-step__actions">
        <button type="submit" className="button button--primary">
          Next
        </button>
      </div>
    </form>
  );
}

function PersonFieldset({
  wizard,
  index,
  count,
  family,
}: {
  wizard: WizardRef;
  index: number;
  count: number;
  family: FamilyProfile[];
}) {
  const today = localToday();
  const dateOfBirth = useSelector(wizard, selectPersonValue(index, 'dateOfBirth'));
  const birthTime = useSelector(wizard, selectPersonValue(index, 'birthTime'));
  const birthTimeNotKnown = useSelector(wizard, selectNotKnown(index, 'birthTime'));
  return (
    <fieldset className="person-card">
      <legend className="person-card__legend">
        Person {index + 1} of {count}
      </legend>
      {family.length > 0 && <FamilyChoice wizard={wizard} index={index} family={family} />}
      <div className="person-card__grid">
        <PersonInput wizard={wizard} index={index} field="name" label="Name" />
        <PersonInput
          wizard={wizard}
          index={index}
          field="dateOfBirth"
          label="Date of birth"
          type="date"
          min={EARLIEST_DATE_OF_BIRTH}
          max={today}
        />
        <PersonInput wizard={wizard} index={index} field="birthTime" label="Birth time" type="time" />
        <PersonInput wizard={wizard} index={index} field="birthPlace" label="Birth place" />
        <BirthStarSuggestion
          dateOfBirth={dateOfBirth}
          birthTime={birthTime}
          birthTimeNotKnown={birthTimeNotKnown}
          onChoose={(choice) => {
            for (const field of ['raashi', 'nakshatra'] as const) {
              const value = choice[field];
              if (value) wizard.send({ type: 'person.changed', index, field, value });
            }
          }}
        />
        <PersonStarName wizard={wizard} index={index} field="raashi" label="Raashi" Choice={RaashiChoice} />
        <PersonStarName
          wizard={wizard}
          index={index}
          field="nakshatra"
          label="Nakshatra"
          Choice={NakshatraChoice}
        />
        <PersonInput wizard={wizard} index={index} field="gothra" label="Gothra" />
        {index === 0 && count > 1 && <CopyGothraButton wizard={wizard} />}
      </div>
      <SaveToFamily wizard={wizard} index={index} />
      {count > 1 && (
        <button
          type="button"
          className="button button--small person-card__remove"
          onClick={() => wizard.send({ type: 'person.removed', index })}
        >
          Remove person {index + 1}
        </button>
      )}
    </fieldset>
  );
}

/** One tap on a saved family member fills this person's form (docs/product-rules.md, Family profiles). */
function FamilyChoice({
  wizard,
  index,
  family,
}: {
  wizard: WizardRef;
  index: number;
  family: FamilyProfile[];
}) {
  const labelId = useId();
  return (
    <div className="family-choice" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="family-choice__label">
        Fill from my family:
      </span>
      {family.map((profile) => (
        <button
          key={profile.id}
          type="button"
          className="button button--small family-choice__person"
          onClick={() => wizard.send({ type: 'person.filled', index, person: personFromProfile(profile) })}
        >
          {profile.name}{' '}
          <span className="family-choice__relation">({RELATION_LABELS[profile.relation]})</span>
        </button>
      ))}
    </div>
  );
}

/** "Save to my family": the person as typed, with a relation, through the account form machine. */
function SaveToFamily({ wizard, index }: { wizard: WizardRef; index: number }) {
  const [relation, setRelation] = useState<Relation>('self');
  const form = useActorRef(
    accountFormMachine.provide({
      actors: {
        submit: fromPromise(async ({ input, signal }: { input: unknown; signal: AbortSignal }) => {
          const profile = await saveFamilyMember(input, undefined, signal);
          return { message: `${profile.name} is saved in your family.` };
        }),
      },
    }),
  );
  const sending = useSelector(form, selectIsSending);
  const error = useSelector(form, selectFormError);
  const result = useSelector(form, selectFormResult);
  const relationId = useId();
  return (
    <div className="save-family">
      <label htmlFor={relationId}>Save this person to my family as</label>
      <select
        id={relationId}
        className="select"
        value={relation}
        onChange={(event) => {
          setRelation(event.target.value as Relation);
          form.send({ type: 'form.edited' });
        }}
      >
        {RELATIONS.map((r) => (
          <option key={r} value={r}>
            {RELATION_LABELS[r]}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button button--small"
        disabled={sending}
        onClick={() => {
          const person = wizard.getSnapshot().context.persons[index];
          if (person) form.send({ type: 'form.submit', request: profileRequestOf(person, relation) });
        }}
      >
        {sending ? 'Saving...' : 'Save to my family'}
      </button>
      <p className="save-family__message" aria-live="polite">
        {error ? <span className="booking-field__error">{error || familyMessages.saveFailed}</span> : result}
      </p>
    </div>
  );
}

/** Families share a gothra: the first person's goes to everyone else in one tap. */
function CopyGothraButton({ wizard }: { wizard: WizardRef }) {
  const enabled = useSelector(wizard, selectCanCopyGothra);
  return (
    <div className="booking-field booking-field--copy">
      <button
        type="button"
        className="button"
        disabled={!enabled}
        onClick={() => wizard.send({ type: 'persons.gothraCopied' })}
      >
        Use this gothra for everyone
      </button>
    </div>
  );
}
