/**
 * Debian's Chromium, headless, as the bench, the screenshots and the browser tests start it: the
 * flags this sandbox needs (no GPU, no sandbox, no background network or updates).
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
