/**
 * docs/decisions/README.md indexes every decision record by number and title, and names each
 * number left unused, so a gap in the numbering is never a record lost (issue 24 asks for either
 * no gaps or gaps explained).
 */
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve('docs/decisions');
const records = fs.readdirSync(dir).filter((name) => /^\d{4}-.*\.md$/.test(name));
const index = fs.readFileSync(path.join(dir, 'README.md'), 'utf8');
const rows = new Map(
  [...index.matchAll(/^\| (\d{4}) \| (.*) \|$/gm)].map(([, number, text]) => [Number(number), text!.trim()]),
);

it('lists every record under its number, linked, with the title the record gives itself', () => {
  for (const name of records) {
    const title = fs
      .readFileSync(path.join(dir, name), 'utf8')
      .split('\n')[0]!
      .replace(/^#\s*(\d+\.\s*)?/, '');
    expect(rows.get(Number(name.slice(0, 4))), name).toBe(`[${title}](${name})`);
  }
});

it('names every unused number up to the last record as unused, and lists nothing else', () => {
  const used = new Set(records.map((name) => Number(name.slice(0, 4))));
  const last = Math.max(...used);
  for (let n = 1; n <= last; n++) if (!used.has(n)) expect(rows.get(n), `number ${n}`).toMatch(/^not used/);
  expect([...rows.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: last }, (_, i) => i + 1));
});
