/**
 * The sankalp's transliteration (contract/sankalp-script.ts) carries the whole Sanscript
 * library, about 35 KB gzipped: a page loads it through this, on first use, as its own chunk,
 * so no route's first download grows (tests/budget/bundle.test.ts holds it out of them).
 */
export const loadSankalpScript = () => import('../../contract/sankalp-script.ts');
