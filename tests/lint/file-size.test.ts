import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * Product code stays in rooms a page long (docs/architecture.md): no source file of contract/,
 * machines/, server/, src/ or scripts/ is over 500 lines. Seed data is data, not code. A test
 * file is a list of cases around one prelude and may run to 1,000 lines
 * (docs/decisions/0074-test-files-may-run-longer.md).
 */
const MAX_LINES = 500;
const MAX_TEST_LINES = 1000;
const EXEMPT = /^server\/db\/seed\//;

/** The tracked TypeScript files under `folders`, with their line counts. */
const sizesOf = (...folders: string[]) =>
  execFileSync('git', ['ls-files', ...folders], { encoding: 'utf8' })
    .split('\n')
    .filter((file) => /\.tsx?$/.test(file) && !EXEMPT.test(file) && fs.existsSync(file))
    .map((file) => ({ file, lines: fs.readFileSync(file, 'utf8').split('\n').length }));

describe('file sizes', () => {
  it(`keeps every source file at ${MAX_LINES} lines or fewer (seed data apart)`, () => {
    const files = sizesOf('contract', 'machines', 'server', 'src', 'scripts');
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter(({ lines }) => lines > MAX_LINES)).toEqual([]);
  });

  it(`keeps every test file at ${MAX_TEST_LINES} lines or fewer`, () => {
    const files = sizesOf('tests');
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter(({ lines }) => lines > MAX_TEST_LINES)).toEqual([]);
  });
});
