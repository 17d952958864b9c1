import fs from 'node:fs';
import path from 'node:path';
import budgets from './budgets.json' with { type: 'json' };
import { LOCALES } from '../../contract/locales.ts';
import {
  catalogueKeys,
  closure,
  entryKey,
  gzipBytes,
  readManifest,
  routeDownload,
  routeKeys,
  routeOwn,
} from '../../scripts/lib/bundle.ts';

/**
 * The bundle budget (docs/perf.md): byte counts of the production build, gzipped at level 9,
 * against the limits committed in budgets.json. Deterministic: it reads files, never the clock.
 * A change that needs more bytes raises its budget in the same commit, where a reviewer sees it.
 */

const dist = path.resolve('dist');
if (!fs.existsSync(path.join(dist, '.vite', 'manifest.json')))
  throw new Error('No production build with a manifest in dist/: run `npm run build` first.');
const manifest = readManifest(dist);
const routes = routeKeys(manifest);
const HOME = 'src/features/home/home-page.tsx';
const catalogues = catalogueKeys(manifest);
const OTHER_LOCALES = LOCALES.filter((locale) => locale !== 'en-IN');
/** A phrase only that language's catalogue holds: its "Popular Pujas" (src/locales/<locale>/messages.json). */
const phraseOf = (locale: string) =>
  (
    JSON.parse(fs.readFileSync(path.resolve('src/locales', locale, 'messages.json'), 'utf8')) as Record<
      string,
      { translation: string }
    >
  )['home.pujas']!.translation;

/** Back office and developer tools: never downloaded by a customer page. */
const STAFF_ONLY = [/^src\/features\/admin\//, /^src\/features\/pages\/admin-page\.tsx$/];
const TOOLING_TEXT = ['createBrowserInspector', '@statelyai/inspect'];
/** A method name of @indic-transliteration/sanscript that minifying keeps. */
const SANSCRIPT_TEXT = 'transliterateWordwise';
/** An error message of astronomy-engine's nutation, which the Moon's position needs. */
const ASTRONOMY_TEXT = 'Invalid precess direction';
const isStaffRoute = (route: string) => STAFF_ONLY.some((pattern) => pattern.test(route));
const ADMIN = 'src/features/admin/admin-app.tsx';
/** A rule of the back office's style sheet (src/features/admin/admin.css) that minifying keeps. */
const OFFICE_CSS = '.bo-side';
/** Text only the back office's scripts hold: its API, its conflict panel, its stock dialog. */
const OFFICE_TEXT = [
  '/api/admin/today',
  'Someone else saved this while you were editing',
  'Receive or adjust stock',
];

/**
 * What the back office may download beyond the entry: the /admin route's own chunks and every
 * chunk its pages import lazily, transitively, less what customer pages share with it (React,
 * the API client...), which the entry or a customer route already holds.
 */
function backOffice(): { chunks: string[]; js: string[]; css: string[] } {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key]!;
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  visit(ADMIN);
  const customer = new Set(
    routes.filter((r) => !isStaffRoute(r)).flatMap((r) => routeDownload(manifest, r).chunks),
  );
  const chunks = [...seen].filter((key) => !customer.has(key));
  return {
    chunks,
    js: chunks.map((key) => manifest[key]!.file),
    css: [...new Set(chunks.flatMap((key) => manifest[key]!.css ?? []))],
  };
}

describe('the bundle budget', () => {
  it('the build has a route chunk for every page, the home page among them', () => {
    expect(routes).toContain(HOME);
    expect(routes.length).toBeGreaterThanOrEqual(15);
  });

  it(`home's first download (JS + CSS, gzip) stays within ${budgets.homeInitialGzip} bytes`, () => {
    const { js, css } = routeDownload(manifest, HOME);
    const bytes = gzipBytes(dist, [...js, ...css]);
    console.log(
      `home initial JS + CSS: ${bytes} bytes gzip in ${js.length} scripts and ${css.length} style sheets`,
    );
    expect(bytes).toBeLessThanOrEqual(budgets.homeInitialGzip);
  });

  // The benchmark compares this figure with the floor app's (docs/perf.md; the target is 1.2× of
  // it). The budget holds the figure reached, so the ratio can only improve unseen.
  it(`home's first JS download (gzip) stays within ${budgets.homeInitialJsGzip} bytes`, () => {
    const { js } = routeDownload(manifest, HOME);
    expect(gzipBytes(dist, js)).toBeLessThanOrEqual(budgets.homeInitialJsGzip);
  });

  it(`the entry (what every page loads first, JS + CSS, gzip) stays within ${budgets.entryGzip} bytes`, () => {
    const { js, css } = closure(manifest, entryKey(manifest));
    expect(gzipBytes(dist, [...js, ...css])).toBeLessThanOrEqual(budgets.entryGzip);
  });

  it.each(routes)('%s adds no more than its budget once the entry is loaded', (route) => {
    const budget = (budgets.routeOwnGzip as Record<string, number>)[route];
    expect(budget, `${route} has no budget in tests/budget/budgets.json`).toBeTypeOf('number');
    const own = routeOwn(manifest, route);
    expect(gzipBytes(dist, [...own.js, ...own.css])).toBeLessThanOrEqual(budget!);
  });

  it('the back office is its own chunks: the /admin route and the pages it loads lazily, with its style sheet', () => {
    const office = backOffice();
    expect(routes).toContain(ADMIN);
    // Its pages (queues, records, edit forms, the sankalp sheet...) are further lazy chunks of it.
    expect(office.chunks.filter((chunk) => /^src\/features\/admin\//.test(chunk)).length).toBeGreaterThan(4);
    expect(office.css.length).toBeGreaterThan(0);
  });

  it('no customer page downloads the back office’s JS or CSS, not even the first page of a visit', () => {
    const office = backOffice();
    // The markers are really in the back office's files, so their absence below means something.
    const officeText = [...office.js, ...office.css].map((file) =>
      fs.readFileSync(path.join(dist, file), 'utf8'),
    );
    for (const marker of [...OFFICE_TEXT, OFFICE_CSS])
      expect(
        officeText.some((text) => text.includes(marker)),
        marker,
      ).toBe(true);
    for (const route of routes.filter((r) => !isStaffRoute(r))) {
      const { js, css } = routeDownload(manifest, route);
      for (const file of js) {
        const text = fs.readFileSync(path.join(dist, file), 'utf8');
        for (const marker of OFFICE_TEXT)
          expect(text.includes(marker), `${route}: ${file} holds ${marker}`).toBe(false);
      }
      for (const file of css)
        expect(fs.readFileSync(path.join(dist, file), 'utf8').includes(OFFICE_CSS), `${route}: ${file}`).toBe(
          false,
        );
    }
  });

  it('no customer page downloads a chunk of the back office’s own modules', () => {
    for (const route of routes.filter((r) => !isStaffRoute(r)))
      expect(
        routeDownload(manifest, route).chunks.filter((chunk) => STAFF_ONLY.some((p) => p.test(chunk))),
        route,
      ).toEqual([]);
  });

  it('no route’s first download holds the sankalp transliteration (src/lib/sankalp-script.ts loads it on use)', () => {
    for (const route of routes) {
      for (const file of routeDownload(manifest, route).js) {
        const text = fs.readFileSync(path.join(dist, file), 'utf8');
        expect(text.includes(SANSCRIPT_TEXT), `${route}: ${file} holds Sanscript`).toBe(false);
      }
    }
  });

  it('no built asset holds the astronomy library (the birth star is worked out on the server)', () => {
    for (const file of fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'))) {
      const text = fs.readFileSync(path.join(dist, 'assets', file), 'utf8');
      expect(text.includes(ASTRONOMY_TEXT), `${file} holds astronomy-engine`).toBe(false);
    }
  });

  it('no built asset holds the statechart inspector (it runs only under the dev server)', () => {
    for (const file of fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'))) {
      const text = fs.readFileSync(path.join(dist, 'assets', file), 'utf8');
      for (const marker of TOOLING_TEXT) expect(text.includes(marker), `${file} holds ${marker}`).toBe(false);
    }
  });

  // Each language is its own chunk, loaded when it is wanted; English is in the entry
  // (docs/decisions/0079-interface-text-through-lingui.md).
  it('every language but English is its own lazily loaded catalogue chunk, within its budget', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...OTHER_LOCALES].sort());
    for (const locale of OTHER_LOCALES) {
      const budget = (budgets.localeGzip as Record<string, number>)[locale];
      expect(budget, `${locale} has no budget in tests/budget/budgets.json`).toBeTypeOf('number');
      const own = routeOwn(manifest, catalogues[locale]!);
      expect(gzipBytes(dist, [...own.js, ...own.css]), locale).toBeLessThanOrEqual(budget!);
    }
  });

  it('an English page downloads no other language: not its chunk, not its words', () => {
    const phrases = OTHER_LOCALES.map((locale) => [locale, phraseOf(locale)] as const);
    // The phrases are really in their chunks, so their absence below means something.
    for (const [locale, phrase] of phrases) {
      const chunk = manifest[catalogues[locale]!]!.file;
      expect(fs.readFileSync(path.join(dist, chunk), 'utf8').includes(phrase), `${locale}: ${chunk}`).toBe(
        true,
      );
    }
    for (const route of routes) {
      const { chunks, js } = routeDownload(manifest, route);
      expect(
        chunks.filter((chunk) => Object.values(catalogues).includes(chunk)),
        route,
      ).toEqual([]);
      for (const file of js) {
        const text = fs.readFileSync(path.join(dist, file), 'utf8');
        for (const [locale, phrase] of phrases)
          expect(text.includes(phrase), `${route}: ${file} holds ${locale}`).toBe(false);
      }
    }
  });

  it('the message descriptors ship as ids: no English source or translator note rides along', () => {
    // A note from contract/shell-messages.ts, and an English sentence only the catalogues need.
    const markers = ['read by screen readers', 'message:`Popular Pujas`', "message:'Popular Pujas'"];
    for (const file of fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'))) {
      const text = fs.readFileSync(path.join(dist, 'assets', file), 'utf8');
      for (const marker of markers) expect(text.includes(marker), `${file} holds ${marker}`).toBe(false);
    }
  });
});
