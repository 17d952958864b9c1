import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Reads a `vite build` (its manifest, dist/.vite/manifest.json) as a browser downloads it: the
 * entry with its static imports, and each route's lazy chunk with its own static imports. Used
 * by the bundle budget (tests/budget/) and the benchmark (scripts/bench.ts).
 */

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, Chunk>;

export interface Download {
  /** Manifest keys of the chunks (the entry's static imports closure, or a route's). */
  chunks: string[];
  /** Files under dist/: scripts and style sheets. */
  js: string[];
  css: string[];
}

export function readManifest(distDir: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The chunks loaded with `key`: itself and its static imports, transitively. */
export function closure(manifest: Manifest, key: string): Download {
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    const chunk = manifest[k];
    if (!chunk) throw new Error(`The manifest has no chunk ${k}`);
    seen.add(k);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  const chunks = [...seen];
  return {
    chunks,
    js: chunks.map((k) => manifest[k]!.file),
    css: [...new Set(chunks.flatMap((k) => manifest[k]!.css ?? []))],
  };
}

export function entryKey(manifest: Manifest): string {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  if (!entry) throw new Error('The manifest has no entry');
  return entry[0];
}

/** Every lazy route chunk (the pages `src/app/routes.tsx` imports), by source path. */
export function routeKeys(manifest: Manifest): string[] {
  return lazyKeys(manifest).filter((k) => !CATALOGUE.test(k));
}

/** A language's compiled catalogue (src/locales/<locale>/messages.ts): lazy, but not a page. */
const CATALOGUE = /^src\/locales\/([^/]+)\/messages\.ts$/;

/** Each language's catalogue chunk the entry loads lazily, by locale (`kn` -> its manifest key). */
export function catalogueKeys(manifest: Manifest): Record<string, string> {
  return Object.fromEntries(
    lazyKeys(manifest).flatMap((k) => {
      const locale = CATALOGUE.exec(k)?.[1];
      return locale ? [[locale, k]] : [];
    }),
  );
}

function lazyKeys(manifest: Manifest): string[] {
  return manifest[entryKey(manifest)]!.dynamicImports?.filter((k) => manifest[k]?.isDynamicEntry) ?? [];
}

/** What opening `route` first downloads: the entry's closure and the route's. */
export function routeDownload(manifest: Manifest, route: string): Download {
  const entry = closure(manifest, entryKey(manifest));
  const page = closure(manifest, route);
  const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];
  return {
    chunks: union(entry.chunks, page.chunks),
    js: union(entry.js, page.js),
    css: union(entry.css, page.css),
  };
}

/** What a route adds once the entry is loaded (a navigation from another page downloads at most this). */
export function routeOwn(manifest: Manifest, route: string): Download {
  const entry = closure(manifest, entryKey(manifest));
  const page = closure(manifest, route);
  return {
    chunks: page.chunks.filter((k) => !entry.chunks.includes(k)),
    js: page.js.filter((f) => !entry.js.includes(f)),
    css: page.css.filter((f) => !entry.css.includes(f)),
  };
}

/** Bytes of `files` under `distDir`, as sent gzipped (level 9, as the build's .gz twins). */
export function gzipBytes(distDir: string, files: readonly string[]): number {
  return files.reduce(
    (sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length,
    0,
  );
}

export function rawBytes(distDir: string, files: readonly string[]): number {
  return files.reduce((sum, file) => sum + fs.statSync(path.join(distDir, file)).size, 0);
}
