import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * One-way imports: contract -> machines -> src, contract -> server, and the lifecycle charts ->
 * server: the server runs machines/order-lifecycle/, machines/booking-lifecycle/ and
 * machines/waitlist/ to allow or refuse every step (docs/decisions/0021-lifecycles-the-server-runs.md,
 * docs/decisions/0076), and no other machine.
 */
const zones = {
  machines: ['react', 'react-dom', 'wouter', '**/src/**', '**/server/**'],
  server: [
    '**/src/**',
    // Files, not folders: a file in a fenced-off folder could not be let through again.
    '**/machines/*/*',
    '!**/machines/order-lifecycle/*',
    '!**/machines/booking-lifecycle/*',
    '!**/machines/waitlist/*',
    'react',
  ],
  contract: ['**/src/**', '**/machines/**', '**/server/**'],
};
const restrict = (
  patterns,
  message = 'Imports flow contract -> machines -> src and contract -> server.',
) => ({
  // One group, so a later `!pattern` lets through what an earlier pattern fenced off.
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});
/**
 * The browser code's layers, each importing only those below it (docs/architecture.md):
 * src/lib (API calls) -> src/ui (presentational pieces) -> src/live (the running actors and their
 * providers) -> src/features (the pages) -> src/app (the composition root: main, routes, shell).
 */
const ROOT = ['**/app/**', '../app', '../../app'];
const rootMessage =
  'src/app is the composition root (main, routes, shell): nothing below it imports it; live actors are in src/live.';
const fence = (groups) => ({
  'no-restricted-imports': [
    'error',
    { patterns: groups.map(([group, message]) => ({ group, message })) },
  ],
});
const libFence = fence([
  [ROOT, rootMessage],
  [
    ['**/ui/**', '**/live/**', '**/features/**'],
    'src/lib talks to the API: it never imports src/ui, src/live or a feature.',
  ],
]);
/** Shared presentational pieces know nothing of the live actors or of any feature: pages hand them what they need. */
const uiFence = fence([
  [ROOT, rootMessage],
  [
    ['**/live/**', '**/features/**'],
    'src/ui is shared by the features: it never imports src/live or a feature (pass what it needs as props).',
  ],
]);
const liveFence = fence([
  [ROOT, rootMessage],
  [['**/features/**'], 'src/live supplies the features: it never imports one.'],
]);

/** No feature imports another feature: what two features share moves to src/ui or machines/. */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureFence = (feature) => ({
  files: [`src/features/${feature}/**`],
  rules: fence([
    [ROOT, rootMessage],
    ...features
      .filter((other) => other !== feature)
      .map((other) => [
        [`../${other}`, `../${other}/**`, `**/features/${other}`, `**/features/${other}/**`],
        'No feature imports another feature: move what two features share to src/ui, src/live or machines/.',
      ]),
  ]),
});

export default tseslint.config(
  // src/locales/*/messages.ts are compiled catalogues (`npm run i18n:compile`), not written by hand.
  { ignores: ['dist', 'build', 'data', 'node_modules', 'coverage', 'scratch', 'src/locales/*/messages.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  { files: ['machines/**'], rules: restrict(zones.machines) },
  { files: ['server/**'], rules: restrict(zones.server) },
  { files: ['contract/**'], rules: restrict(zones.contract) },
  ...features.map(featureFence),
  { files: ['src/lib/**'], rules: libFence },
  { files: ['src/ui/**'], rules: uiFence },
  { files: ['src/live/**'], rules: liveFence },
  {
    // Migrations are written against Kysely<any> on purpose: they must not change when the types do.
    files: ['server/db/migrations/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  { files: ['eslint.config.js'], ...tseslint.configs.disableTypeChecked },
);
