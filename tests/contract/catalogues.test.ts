import fs from 'node:fs';
import path from 'node:path';
import { LOCALES } from '../../contract/locales.ts';
import { homeMessages, shellMessages } from '../../contract/shell-messages.ts';

/**
 * Every message exists in every language, with the same ICU arguments as its English
 * (docs/translating.md). A missing or empty translation fails here before it reaches a page.
 */
type Catalogue = Record<string, { message: string; translation: string }>;
const read = (locale: string) =>
  JSON.parse(fs.readFileSync(path.resolve('src/locales', locale, 'messages.json'), 'utf8')) as Catalogue;
const argumentsOf = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((match) => match[1]).sort();
const messages = [...Object.values(shellMessages), ...Object.values(homeMessages)];

describe('the interface catalogues', () => {
  it('hold every message of contract/shell-messages.ts, and nothing else', () => {
    for (const locale of LOCALES)
      expect(Object.keys(read(locale)).sort(), locale).toEqual(messages.map((m) => m.id).sort());
  });

  it.each(LOCALES.filter((locale) => locale !== 'en-IN'))(
    '%s translates every message, keeping its arguments',
    (locale) => {
      const catalogue = read(locale);
      for (const { id, message } of messages) {
        const entry = catalogue[id]!;
        expect(entry.message, `${locale} ${id}: run npm run i18n:extract`).toBe(message);
        expect(entry.translation.trim(), `${locale} ${id}`).not.toBe('');
        expect(entry.translation, `${locale} ${id}`).not.toBe(message);
        expect(argumentsOf(entry.translation), `${locale} ${id}`).toEqual(argumentsOf(message));
      }
    },
  );

  it('keeps the English exactly as the pages had it', () => {
    const english = read('en-IN');
    for (const { id, message } of messages) expect(english[id]!.translation, id).toBe(message);
  });
});
