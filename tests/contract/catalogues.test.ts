import fs from 'node:fs';
import path from 'node:path';
// @lingui/core's own compiler (its dependency), the one `npm run i18n:compile` runs.
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LOCALES } from '../../contract/locales.ts';
import { homeMessages, shellMessages } from '../../contract/shell-messages.ts';
import { DEFAULT_TAGLINE } from '../../src/lib/config.ts';
import { idsOnly } from '../../scripts/lib/message-descriptors.ts';

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
    // The footer translates the tagline only while the shop keeps its default.
    expect(shellMessages.tagline.message).toBe(DEFAULT_TAGLINE);
  });

  it('ship as their ids alone in the production build, every id kept', () => {
    const source = fs.readFileSync(path.resolve('contract/shell-messages.ts'), 'utf8');
    const built = idsOnly(source);
    for (const { id, message } of messages) {
      expect(built).toContain(`{ id: '${id}' }`);
      expect(built.includes(`'${message}'`), id).toBe(false);
    }
    expect(built).not.toContain('comment:');
    expect(built).not.toContain('/*i18n*/');
    // Braces and quotes inside the English do not end an object early.
    expect(idsOnly("a = /*i18n*/ { id: 'x', message: '{brand} \\'s } home' }; b = 1;")).toBe(
      "a = { id: 'x' }; b = 1;",
    );
  });

  it.each(LOCALES)(
    '%s: the compiled catalogue is the JSON catalogue compiled (run npm run i18n:compile)',
    async (locale) => {
      const { messages: compiled } = (await import(`../../src/locales/${locale}/messages.ts`)) as {
        messages: Record<string, unknown>;
      };
      const catalogue = read(locale);
      expect(Object.keys(compiled).sort()).toEqual(Object.keys(catalogue).sort());
      for (const [id, { translation }] of Object.entries(catalogue))
        expect(compiled[id], `${locale} ${id}`).toEqual(compileMessage(translation));
    },
  );
});
