import type { LinguiConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-json';

/**
 * The interface's catalogues (docs/translating.md, docs/decisions/0079-interface-text-through-lingui.md):
 * one JSON file per language (each message's English beside its translation), compiled to one module per language that the SPA imports lazily.
 * Messages are plain descriptors with explicit ids (contract/shell-messages.ts), so no Babel
 * macro runs at build.
 */
const config: LinguiConfig = {
  sourceLocale: 'en-IN',
  locales: ['en-IN', 'kn', 'ta', 'te', 'ml', 'hi'],
  fallbackLocales: { default: 'en-IN' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/contract/shell-messages.ts'],
    },
  ],
  format: formatter({ style: 'lingui', origins: true, lineNumbers: false }),
  orderBy: 'messageId',
  compileNamespace: 'ts',
};

export default config;
