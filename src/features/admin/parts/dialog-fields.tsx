import type { ReactNode } from 'react';
import { SpecHint, SpecOptions, type FieldSpec } from './form-field.tsx';

/** A field's value in a dialog's form: what the record holds now, when the dialog edits one. */
const shownValue = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? value : undefined;

/**
 * A dialog's fields, declared by the same FieldSpec records as the edit forms (parts/form-field.tsx):
 * uncontrolled inputs read from the submitted form, each labelled, with its hint, and the server's
 * message under the field it is about (`invalid`).
 */
export function DialogFields({
  prefix,
  specs,
  values,
  invalid,
}: {
  /** Ids are `<prefix>-<name>`. */
  prefix: string;
  specs: readonly FieldSpec[];
  /** The record the dialog edits, if it edits one. */
  values?: Readonly<Record<string, unknown>>;
  invalid?: { field: string; message: string | undefined };
}) {
  return (
    <>
      {specs.map((spec) => (
        <DialogField
          key={spec.name}
          id={`${prefix}-${spec.name}`}
          spec={spec}
          value={shownValue(values?.[spec.name])}
          error={invalid?.field === spec.name ? invalid.message : undefined}
        />
      ))}
    </>
  );
}

function DialogField({
  id,
  spec,
  value,
  error,
}: {
  id: string;
  spec: FieldSpec;
  value: string | number | undefined;
  error: string | undefined;
}) {
  const kind = spec.kind ?? 'text';
  const describedBy =
    [error !== undefined && `${id}-error`, spec.hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: spec.name,
    required: spec.required,
    defaultValue: value,
    'aria-invalid': error !== undefined || undefined,
    'aria-describedby': describedBy,
  };
  let control: ReactNode;
  switch (kind) {
    case 'textarea':
    case 'markup':
      control = <textarea {...common} className="textarea" maxLength={spec.maxLength} />;
      break;
    case 'number':
    case 'money':
      control = (
        <input
          {...common}
          className="input"
          type="number"
          inputMode="numeric"
          min={spec.min ?? 0}
          max={spec.max}
          step={1}
        />
      );
      break;
    case 'datetime':
      control = <input {...common} className="input" type="datetime-local" />;
      break;
    case 'select':
      control = (
        <select {...common} className="select">
          <SpecOptions spec={spec} />
        </select>
      );
      break;
    default:
      control = (
        <input
          {...common}
          className="input"
          type={spec.inputType}
          maxLength={spec.maxLength}
          autoComplete={spec.inputType === 'email' ? 'off' : undefined}
        />
      );
  }
  return (
    <div className="field">
      <label htmlFor={id}>{spec.label}</label>
      {control}
      <SpecHint id={id} spec={spec} />
      {error !== undefined && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
