import * as v from 'valibot';

/**
 * The script a temple's priest reads the sankalp in (docs/product-rules.md, The sankalp in the
 * temple's script). A puja's temple has one; names and gothras are shown in it beside their
 * Latin spelling. The transliteration itself is in `contract/sankalp-script.ts`, which is heavy:
 * this light module is what schemas and screens import.
 */
export const TEMPLE_SCRIPTS = ['kannada', 'tamil', 'telugu', 'malayalam', 'devanagari'] as const;
export type TempleScriptName = (typeof TEMPLE_SCRIPTS)[number];

/** How each script is named on screen. */
export const TEMPLE_SCRIPT_LABELS: Record<TempleScriptName, string> = {
  kannada: 'Kannada',
  tamil: 'Tamil',
  telugu: 'Telugu',
  malayalam: 'Malayalam',
  devanagari: 'Devanagari',
};

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
