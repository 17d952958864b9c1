/**
 * The production build ships each `/*i18n*\/` message descriptor as its id alone: the English and
 * the translator's note are for the extractor (`npm run i18n:extract`), and every language, English
 * included, reads its text from its compiled catalogue (docs/decisions/0079-interface-text-through-lingui.md).
 * This is what Lingui's own macro does in production, for descriptors written without it.
 */
export function idsOnly(code: string): string {
  const MARK = '/*i18n*/';
  let out = '';
  let at = 0;
  for (let start = code.indexOf(MARK); start !== -1; start = code.indexOf(MARK, at)) {
    const open = code.indexOf('{', start + MARK.length);
    if (open === -1 || code.slice(start + MARK.length, open).trim() !== '')
      throw new Error(`${MARK} without an object`);
    const close = closingBrace(code, open);
    const body = code.slice(open, close + 1);
    const id = /\bid:\s*(['"`])((?:\\.|(?!\1).)*)\1/.exec(body);
    if (!id) throw new Error(`${MARK} object without an id: ${body.slice(0, 80)}`);
    out += `${code.slice(at, start)}{ id: ${id[1]}${id[2]}${id[1]} }`;
    at = close + 1;
  }
  return out + code.slice(at);
}

/** The `}` that closes the object opened at `open`, skipping string literals. */
function closingBrace(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    const char = code[i]!;
    if (char === "'" || char === '"' || char === '`') {
      for (i++; i < code.length && code[i] !== char; i++) if (code[i] === '\\') i++;
    } else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return i;
  }
  throw new Error('/*i18n*/ object is not closed');
}
