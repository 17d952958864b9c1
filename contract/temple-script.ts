import * as v from 'valibot';
import { labelsOf } from './text.ts';

/**
 * The script a temple's priest reads the sankalp in (docs/product-rules.md, The sankalp in the
 * temple's script). A puja's temple has one; names and gothras are shown in it beside their
 * Latin spelling. The transliteration itself is in `contract/sankalp-script.ts`, which is heavy:
 * this light module is what schemas and screens import.
 */
export const TEMPLE_SCRIPTS = ['kannada', 'tamil', 'telugu', 'malayalam', 'devanagari'] as const;
export type TempleScriptName = (typeof TEMPLE_SCRIPTS)[number];

/** How each script is named on screen. */
export const TEMPLE_SCRIPT_LABELS: Record<TempleScriptName, string> = labelsOf(TEMPLE_SCRIPTS);

/** The BCP 47 language of text in each script, for `lang` attributes (screen readers, fonts). */
export const TEMPLE_SCRIPT_LANG: Record<TempleScriptName, string> = {
  kannada: 'kn',
  tamil: 'ta',
  telugu: 'te',
  malayalam: 'ml',
  devanagari: 'sa',
};

export const templeScriptMessages = {
  invalid: `script must be one of ${TEMPLE_SCRIPTS.join(', ')}`,
} as const;

/** A temple's script as a request or a stored row carries it. */
export const TempleScript = v.picklist(TEMPLE_SCRIPTS, templeScriptMessages.invalid);
export type TempleScript = v.InferOutput<typeof TempleScript>;

/**
 * The Unicode block of each script: a spelling corrected by hand in the temple's script must be
 * written in its letters (docs/product-rules.md, The sankalp in the temple's script).
 */
export const TEMPLE_SCRIPT_BLOCKS: Record<TempleScriptName, readonly [number, number]> = {
  kannada: [0x0c80, 0x0cff],
  tamil: [0x0b80, 0x0bff],
  telugu: [0x0c00, 0x0c7f],
  malayalam: [0x0d00, 0x0d7f],
  devanagari: [0x0900, 0x097f],
};

/** The longest spelling of a name or gothra in a script a person may give by hand. */
export const MAX_SCRIPT_SPELLING_LENGTH = 150;

/**
 * True when `text` is written in `script`: its letters and signs, with spaces, full stops,
 * hyphens and the zero-width (non-)joiners between them, and at least one letter of the script.
 */
export function isWrittenIn(text: string, script: TempleScriptName): boolean {
  const [from, to] = TEMPLE_SCRIPT_BLOCKS[script];
  let letters = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= from && code <= to) letters += 1;
    else if (!/^[ .\-\u200c\u200d]$/.test(char)) return false;
  }
  return letters > 0;
}

export const scriptSpellingMessages = {
  notText: 'The spelling in the temple’s script must be text',
  tooLong: `The spelling in the temple’s script must be at most ${MAX_SCRIPT_SPELLING_LENGTH} characters`,
  wrongScript: (script: TempleScriptName) =>
    `The spelling must be written in ${TEMPLE_SCRIPT_LABELS[script]} letters, the temple’s script`,
} as const;

/** The spellings of one person a devotee or staff member corrected by hand, null when not given. */
export interface ScriptSpellings {
  nameInScript: string | null;
  gothraInScript: string | null;
}

/** The first spelling of `persons` not written in `script`, or null when all are (or none is given). */
export function wrongScriptSpelling(
  persons: readonly Partial<ScriptSpellings>[],
  script: TempleScriptName,
): string | null {
  for (const person of persons)
    for (const text of [person.nameInScript, person.gothraInScript])
      if (text && !isWrittenIn(text, script)) return scriptSpellingMessages.wrongScript(script);
  return null;
}
