import { useId, useState } from 'react';
import {
  canonicalNakshatra,
  canonicalRaashi,
  NAKSHATRA_OPTIONS,
  nakshatraLabel,
  RAASHI_OPTIONS,
  raashiLabel,
} from '../../../contract/raashi-nakshatra.ts';

export interface StarNameChoiceProps {
  /** For a <label htmlFor>; none when the field sits inside its <label>. */
  id?: string;
  /** The list's value, or text that names no entry yet; controlled when given. */
  value?: string;
  /** The starting value when not controlled (a form read as FormData). */
  defaultValue?: string;
  /** The list's value once the text names an entry by any of its names, else the text as typed. */
  onValueChange?: (value: string) => void;
  onBlur?: () => void;
  /** Posts the list's value under this name (a hidden input), for a form read as FormData. */
  name?: string;
  required?: boolean;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

interface NameList {
  options: readonly string[];
  label: (value: string) => string;
  canonical: (text: string) => string;
  placeholder: string;
}

/**
 * A raashi or nakshatra found by either of its names (docs/product-rules.md, Persons). A native
 * <select> matches typed letters only at the start of its label, so "Karthigai" never reached
 * "Karthigai / Krittika" when the label led with the other name. This is a text field with a
 * <datalist> of the labels (the browser suggests the entries containing what is typed, either
 * name): one control with the combobox role, the browser's own keyboard paths, no library. What
 * is typed is mapped to the list's value (`canonicalRaashi`, `canonicalNakshatra`), which is
 * what the form holds and sends; text naming no entry is kept as typed, so the form's check
 * says "Please choose a raashi from the list". Left, the field shows the entry's label.
 */
function StarNameChoice({
  list,
  id,
  value: controlled,
  defaultValue = '',
  onValueChange,
  onBlur,
  name,
  ...input
}: StarNameChoiceProps & { list: NameList }) {
  const listId = useId();
  const [own, setOwn] = useState(defaultValue);
  // What the devotee is typing, while it still names the value held (another name, a partial one).
  const [typed, setTyped] = useState<string | null>(null);
  const value = controlled ?? own;
  const shown =
    typed !== null && list.canonical(typed) === value
      ? typed
      : list.options.includes(value)
        ? list.label(value)
        : value;
  return (
    <>
      <input
        {...input}
        id={id}
        className="input"
        list={listId}
        autoComplete="off"
        spellCheck={false}
        placeholder={list.placeholder}
        value={shown}
        onChange={(event) => {
          const text = event.target.value;
          const next = list.canonical(text);
          setTyped(text);
          setOwn(next);
          onValueChange?.(next);
        }}
        onBlur={() => {
          setTyped(null);
          onBlur?.();
        }}
      />
      <datalist id={listId}>
        {list.options.map((option) => (
          <option key={option} value={list.label(option)} />
        ))}
      </datalist>
      {name !== undefined && <input type="hidden" name={name} value={value} />}
    </>
  );
}

const raashiList: NameList = {
  options: RAASHI_OPTIONS,
  label: (value) => raashiLabel(value as (typeof RAASHI_OPTIONS)[number]),
  canonical: canonicalRaashi,
  placeholder: 'Type or choose a raashi',
};

const nakshatraList: NameList = {
  options: NAKSHATRA_OPTIONS,
  label: (value) => nakshatraLabel(value as (typeof NAKSHATRA_OPTIONS)[number]),
  canonical: canonicalNakshatra,
  placeholder: 'Type or choose a nakshatra',
};

/** The raashi field: "Karka", "Kark", "Kadagam" or the label all give "Kark (Cancer)". */
export function RaashiChoice(props: StarNameChoiceProps) {
  return <StarNameChoice {...props} list={raashiList} />;
}

/** The nakshatra field: "Karthigai", "Krittika" or "Karthika" all give "Krittika". */
export function NakshatraChoice(props: StarNameChoiceProps) {
  return <StarNameChoice {...props} list={nakshatraList} />;
}
