import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { NotKnownField, PersonField } from '../../../contract/person.ts';
import {
  selectFieldError,
  selectNotKnown,
  selectPersonValue,
} from '../../../machines/puja-wizard/puja-wizard.selectors.ts';
import type { RaashiChoice } from '../../ui/birth-star/star-name-choice.tsx';
import { FieldMessage, type WizardRef } from './wizard-step-parts.tsx';

const notKnownLabels: Record<NotKnownField, string> = {
  birthTime: 'Birth time not known',
  birthPlace: 'Birth place not known',
  nakshatra: 'Nakshatra not known',
};

/** "Birth time not known": ticked, the field is cleared, disabled and no longer required. */
function NotKnownBox({ wizard, index, field }: { wizard: WizardRef; index: number; field: NotKnownField }) {
  const notKnown = useSelector(wizard, selectNotKnown(index, field));
  return (
    <label className="booking-field__not-known">
      <input
        type="checkbox"
        checked={notKnown}
        onChange={(event) =>
          wizard.send({ type: 'person.notKnownChanged', index, field, notKnown: event.target.checked })
        }
      />
      {notKnownLabels[field]}
    </label>
  );
}

interface FieldProps {
  wizard: WizardRef;
  index: number;
  field: PersonField;
  label: string;
}

/** A field's value, message and ids, and the events it sends. */
function usePersonField({ wizard, index, field }: FieldProps) {
  const id = useId();
  const value = useSelector(wizard, selectPersonValue(index, field));
  const error = useSelector(wizard, selectFieldError(index, field));
  const errorId = `${id}-error`;
  return {
    id,
    error,
    errorId,
    control: {
      id,
      name: `persons.${index}.${field}`,
      value,
      required: true,
      'aria-invalid': error !== undefined,
      'aria-describedby': error !== undefined ? errorId : undefined,
      onChange: (event: { target: { value: string } }) =>
        wizard.send({ type: 'person.changed', index, field, value: event.target.value }),
      onBlur: () => wizard.send({ type: 'person.blurred', index, field }),
    },
  };
}

const canBeNotKnown = (field: PersonField): field is NotKnownField =>
  field === 'birthTime' || field === 'birthPlace' || field === 'nakshatra';

export function PersonInput(
  props: FieldProps & { type?: 'text' | 'date' | 'time'; min?: string; max?: string },
) {
  const { id, error, errorId, control } = usePersonField(props);
  const { type = 'text', min, max, label, field, wizard, index } = props;
  const notKnown = useSelector(wizard, (s) => canBeNotKnown(field) && selectNotKnown(index, field)(s));
  return (
    <div className={`field booking-field booking-field--${field}`}>
      <label htmlFor={id}>{label}</label>
      <input
        {...control}
        className="input"
        type={type}
        min={min}
        max={max}
        disabled={notKnown}
        required={!notKnown}
      />
      <FieldMessage id={errorId} error={error} />
      {canBeNotKnown(field) && <NotKnownBox wizard={wizard} index={index} field={field} />}
    </div>
  );
}

/** Raashi or nakshatra, found by either of its names; the machine holds the list's value. */
export function PersonStarName(props: FieldProps & { Choice: typeof RaashiChoice }) {
  const { id, error, errorId, control } = usePersonField(props);
  const { Choice, label, field, wizard, index } = props;
  const notKnown = useSelector(wizard, (s) => canBeNotKnown(field) && selectNotKnown(index, field)(s));
  return (
    <div className={`field booking-field booking-field--${field}`}>
      <label htmlFor={id}>{label}</label>
      <Choice
        id={id}
        value={control.value}
        required={!notKnown}
        disabled={notKnown}
        aria-invalid={control['aria-invalid']}
        aria-describedby={control['aria-describedby']}
        onValueChange={(value) => wizard.send({ type: 'person.changed', index, field, value })}
        onBlur={control.onBlur}
      />
      <FieldMessage id={errorId} error={error} />
      {canBeNotKnown(field) && <NotKnownBox wizard={wizard} index={index} field={field} />}
    </div>
  );
}
