import * as v from 'valibot';

/**
 * Control characters (including newlines and tabs) and lone UTF-16 surrogates. Single-line
 * fields such as names and addresses never need them; emoji (surrogate pairs, joiners) are fine.
 */
export const FORBIDDEN_TEXT = /[\p{Cc}\p{Cs}]/u;

/** The message a field gets when it holds characters we cannot store faithfully. */
export const notAllowedMessage = (label: string) => `${label} contains characters that are not allowed`;

export const tooLongMessage = (label: string, max: number) => `${label} must be at most ${max} characters`;

/**
 * Text that may be missing or null on the wire: both become '' so the pipe's non-empty check
 * answers with the field's own "required" message (a bare v.object would say "Invalid key").
 */
export const wireText = (typeMessage: string) => v.nullish(v.string(typeMessage), '');

/**
 * A required single-line text field: trimmed, so whitespace-only counts as missing (`required`
 * message); a wrong type says the field must be text; too long and forbidden characters say so.
 */
export function requiredText(label: string, required: string, max: number) {
  return v.pipe(
    wireText(`${label} must be text`),
    v.trim(),
    v.nonEmpty(required),
    v.maxLength(max, tooLongMessage(label, max)),
    v.check((value) => !FORBIDDEN_TEXT.test(value), notAllowedMessage(label)),
  );
}

/**
 * A required text of a fixed form (a 24-hour time, a payment id): trimmed; blank gets `required`,
 * a wrong type or anything off `pattern` gets `invalid`.
 */
export const requiredPattern = (pattern: RegExp, required: string, invalid: string) =>
  v.pipe(wireText(invalid), v.trim(), v.nonEmpty(required), v.regex(pattern, invalid));

/**
 * Labels for a list of names, each its name in words: `usedUp` reads "Used up", `damageClaimed`
 * "Damage claimed". A label that reads otherwise overrides its entry: `{ ...labelsOf(X), x: '…' }`.
 */
export const labelsOf = <S extends string>(names: readonly S[]) =>
  Object.fromEntries(
    names.map((name) => {
      const words = name.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
      return [name, words.charAt(0).toUpperCase() + words.slice(1)];
    }),
  ) as Record<S, string>;
