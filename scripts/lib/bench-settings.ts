/** The bench's settings from its command line, and the small helpers its parts share (scripts/bench.ts). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CHROMIUM_FLAGS } from '../ops/chromium.ts';

export const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    scale: { type: 'string', default: '10000' },
    'no-write': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    only: { type: 'string', default: 'pages,throughput,scale,orders' },
  },
});
/** Parts to run (`--only scale` for a quick look at one); a partial run never writes docs/perf.md. */
export const PARTS = new Set(args.only.split(','));
for (const part of PARTS)
  if (!['pages', 'throughput', 'scale', 'orders'].includes(part))
    throw new Error(`--only takes pages, throughput, scale, orders`);
export const want = (part: 'pages' | 'throughput' | 'scale' | 'orders') => PARTS.has(part);
export const WRITE = !args['no-write'] && PARTS.size === 4;
const bounded = (name: string, value: string, min: number, max: number) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min || n > max) throw new Error(`--${name} must be ${min} to ${max}`);
  return n;
};
export const RUNS = bounded('runs', args.runs, 1, 9);
export const SECONDS = bounded('seconds', args.seconds, 1, 60);
export const CONNECTIONS = bounded('connections', args.connections, 1, 500);
export const SCALE = bounded('scale', args.scale, 100, 100_000);
export const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = CHROMIUM_FLAGS;
export const root = path.resolve(import.meta.dirname, '..', '..');
export const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
export const log = (line: string) => console.log(`[bench] ${line}`);
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export interface Row {
  measure: string;
  ours: string;
  floor: string;
  ratio: string;
  target: string;
}
export const rows: Row[] = [];
export const row = (measure: string, ours: string, floor: string, ratio: string, target: string) =>
  rows.push({ measure, ours, floor, ratio, target });
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (value: number) => `${Math.round(value)} ms`;
export const x = (value: number) => `${value.toFixed(2)}×`;

/* ----------------------------------------------------------------------------------------- builds */
