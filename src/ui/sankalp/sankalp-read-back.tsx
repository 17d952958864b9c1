import { useId, useState, type ReactNode } from 'react';
import type { ScriptSpellingField } from '../../../contract/person.ts';
import {
  isWrittenIn,
  MAX_SCRIPT_SPELLING_LENGTH,
  scriptSpellingMessages,
  TEMPLE_SCRIPT_LABELS,
  TEMPLE_SCRIPT_LANG,
  TEMPLE_SCRIPTS,
  type TempleScriptName,
} from '../../../contract/temple-script.ts';
import { loadSankalpScript } from '../../lib/sankalp-script.ts';
import { useResource } from '../../lib/use-resource.ts';
import './sankalp-read-back.css';

/*
 * The sankalp read back (docs/product-rules.md, The sankalp in the temple's script): each
 * person's name and gothra as typed beside the same in the temple's script, each spelling in
 * that script correctable by hand ("Edit spelling"), and, when the devotee chooses, the same in
 * their own script too ("Also show in", remembered on this device). The wizard's Payment step
 * and "Correct details" on the booking page both show it.
 */

export interface ReadBackPerson {
  name: string;
  gothra: string;
  /** The spelling given by hand in the temple's script; blank or missing: worked out from the Latin. */
  nameInScript?: string | null | undefined;
  gothraInScript?: string | null | undefined;
  /** Marked "Nakshatra not known" (docs/product-rules.md, Persons): the read-back says so. */
  nakshatraNotKnown?: boolean | undefined;
}

/** Where "Also show in" is remembered on the device. */
export const ALSO_SHOW_IN_KEY = 'shop.sankalp.alsoShowIn';

const readAlsoShowIn = (): TempleScriptName | null => {
  try {
    const stored = localStorage.getItem(ALSO_SHOW_IN_KEY);
    return TEMPLE_SCRIPTS.find((s) => s === stored) ?? null;
  } catch {
    return null;
  }
};

const writeAlsoShowIn = (script: TempleScriptName | null) => {
  try {
    if (script) localStorage.setItem(ALSO_SHOW_IN_KEY, script);
    else localStorage.removeItem(ALSO_SHOW_IN_KEY);
  } catch {
    // Storage blocked (private mode): the choice holds for this page only.
  }
};

/** The message for a spelling given by hand, or undefined when it may be sent. */
export function spellingError(text: string | null | undefined, script: TempleScriptName): string | undefined {
  const value = (text ?? '').trim();
  if (value === '') return undefined;
  if (value.length > MAX_SCRIPT_SPELLING_LENGTH) return scriptSpellingMessages.tooLong;
  return isWrittenIn(value, script) ? undefined : scriptSpellingMessages.wrongScript(script);
}

export function SankalpReadBack({
  persons,
  script,
  onSpellingChange,
  disabled = false,
  headingLevel = 3,
  children,
}: {
  persons: readonly ReadBackPerson[];
  script: TempleScriptName;
  /** A spelling in the temple's script typed by hand ('' is none: the worked-out one is read). */
  onSpellingChange: (index: number, field: ScriptSpellingField, value: string) => void;
  disabled?: boolean;
  headingLevel?: 2 | 3;
  /** What follows the table: the wizard's "The names are right". */
  children?: ReactNode;
}) {
  const transliteration = useResource(loadSankalpScript);
  const [alsoShowIn, setAlsoShowIn] = useState<TempleScriptName | null>(readAlsoShowIn);
  const titleId = useId();
  const alsoId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const templeLabel = TEMPLE_SCRIPT_LABELS[script];
  // The devotee's own script is shown only when it differs from the temple's.
  const own = alsoShowIn !== null && alsoShowIn !== script ? alsoShowIn : null;
  const lib = transliteration.data;
  const failed = transliteration.status === 'failed' ? transliteration.error : undefined;
  const row: RowSettings = { script, own, lib, failed, disabled, onSpellingChange };
  return (
    <section className="read-back" aria-labelledby={titleId}>
      <Heading id={titleId} className="read-back__title">
        The sankalp as the priest will read it
      </Heading>
      <p className="booking-step__hint">
        The temple’s priest reads the names in {templeLabel}. Please check each name and gothra; if a spelling
        in {templeLabel} is not right, correct it with “Edit spelling”.
      </p>
      <div className="read-back__also field">
        <label htmlFor={alsoId}>Also show in</label>
        <select
          id={alsoId}
          className="select"
          value={alsoShowIn ?? ''}
          onChange={(event) => {
            const next = TEMPLE_SCRIPTS.find((s) => s === event.target.value) ?? null;
            setAlsoShowIn(next);
            writeAlsoShowIn(next);
          }}
        >
          {TEMPLE_SCRIPTS.map((s) => (
            <option key={s} value={s}>
              {TEMPLE_SCRIPT_LABELS[s]}
            </option>
          ))}
          <option value="">None</option>
        </select>
      </div>
      <table className="read-back__table">
        <thead>
          <tr>
            <th scope="col">As you typed</th>
            <th scope="col">In {templeLabel}</th>
            {own && <th scope="col">In {TEMPLE_SCRIPT_LABELS[own]}</th>}
          </tr>
        </thead>
        <tbody>
          {persons.map((person, index) => (
            <ReadBackRow key={index} index={index} person={person} row={row} />
          ))}
        </tbody>
      </table>
      {children}
    </section>
  );
}

type Transliteration = Awaited<ReturnType<typeof loadSankalpScript>>;

/** What every row of the table reads alike: the scripts, the transliterator and its state. */
type RowSettings = {
  script: TempleScriptName;
  own: TempleScriptName | null;
  lib: Transliteration | undefined;
  failed: string | undefined;
  disabled: boolean;
  onSpellingChange: (index: number, field: ScriptSpellingField, value: string) => void;
};

function ReadBackRow({ index, person, row }: { index: number; person: ReadBackPerson; row: RowSettings }) {
  const { script, own, lib, failed, disabled, onSpellingChange } = row;
  // The spellings as typed in "Edit spelling", opened with the one read now.
  const [drafts, setDrafts] = useState<Record<ScriptSpellingField, string> | null>(null);
  const editing = drafts !== null;
  const editId = useId();
  const byHand = (text: string | null | undefined) => (text ?? '').trim();
  const computed = lib && {
    name: lib.nameInScript(person.name, script),
    gothra: lib.gothraInScript(person.gothra, script),
  };
  const loading = failed ? (
    <span className="booking-field__error">{failed}</span>
  ) : (
    <span className="read-back__loading">…</span>
  );
  const spellingInput = (field: ScriptSpellingField, label: string, worked: string) => {
    const id = `${editId}-${field}`;
    const given = drafts?.[field] ?? worked;
    const error = spellingError(given, script);
    return (
      <div className="read-back__spelling field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          className="input"
          lang={TEMPLE_SCRIPT_LANG[script]}
          value={given}
          maxLength={MAX_SCRIPT_SPELLING_LENGTH}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            const value = event.target.value;
            setDrafts((all) => all && { ...all, [field]: value });
            onSpellingChange(index, field, value);
          }}
        />
        {error && (
          <span id={`${id}-error`} className="booking-field__error">
            {error}
          </span>
        )}
      </div>
    );
  };
  return (
    <tr>
      <td>
        <span className="read-back__name">{person.name.trim()}</span>
        <span className="read-back__gothra">{person.gothra.trim()} gothra</span>
        {person.nakshatraNotKnown === true && <span className="read-back__gothra">Nakshatra not known</span>}
      </td>
      <td lang={TEMPLE_SCRIPT_LANG[script]}>
        {computed ? (
          <>
            <span className="read-back__name">{byHand(person.nameInScript) || computed.name}</span>
            <span className="read-back__gothra">{byHand(person.gothraInScript) || computed.gothra}</span>
            <button
              type="button"
              className="button button--small read-back__edit"
              aria-expanded={editing}
              aria-controls={editId}
              aria-label={`Edit spelling of ${person.name.trim() || `person ${index + 1}`}`}
              disabled={disabled}
              onClick={() =>
                setDrafts(
                  editing
                    ? null
                    : {
                        nameInScript: byHand(person.nameInScript) || computed.name,
                        gothraInScript: byHand(person.gothraInScript) || computed.gothra,
                      },
                )
              }
            >
              Edit spelling
            </button>
            <div id={editId} hidden={!editing} className="read-back__spellings">
              {editing && (
                <>
                  {spellingInput('nameInScript', `Name in ${TEMPLE_SCRIPT_LABELS[script]}`, computed.name)}
                  {spellingInput(
                    'gothraInScript',
                    `Gothra in ${TEMPLE_SCRIPT_LABELS[script]}`,
                    computed.gothra,
                  )}
                </>
              )}
            </div>
          </>
        ) : (
          loading
        )}
      </td>
      {own && (
        <td lang={TEMPLE_SCRIPT_LANG[own]}>
          {lib ? (
            <>
              <span className="read-back__name">{lib.nameInScript(person.name, own)}</span>
              <span className="read-back__gothra">{lib.gothraInScript(person.gothra, own)}</span>
            </>
          ) : (
            loading
          )}
        </td>
      )}
    </tr>
  );
}
