import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * Product code stays in rooms a page long (docs/architecture.md): no source file of contract/,
 * machines/, server/, src/ or scripts/ is over 500 lines. Seed data is data, not code.
 */
const MAX_LINES = 500;
const EXEMPT = /^server\/db\/seed\//;

describe('file sizes', () => {
  it(`keeps every source file at ${MAX_LINES} lines or fewer (seed data apart)`, () => {
    const files = execFileSync('git', ['ls-files', 'contract', 'machines', 'server', 'src', 'scripts'], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => /\.tsx?$/.test(file) && !EXEMPT.test(file) && fs.existsSync(file));
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .map((file) => ({ file, lines: fs.readFileSync(file, 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
