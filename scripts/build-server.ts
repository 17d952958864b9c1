/**
 * `npm run build:server`: the API server as plain JavaScript for production, so no TypeScript
 * transpiler runs in the request path (docs/decisions/0029-production-build-and-a-cluster-behind-nginx.md).
 * esbuild bundles server/main.ts and what it imports from server/ and contract/ into
 * build/server/main.js (ES modules for Node 20, packages from node_modules left as imports),
 * with a source map for stack traces, and copies the catalogue's images beside it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/** The built entry, run by `npm start`, `npm run serve` and `npm run cluster`. */
export const serverEntry = path.join(root, 'build', 'server', 'main.js');

/** Builds the server into `out` (default build/server); returns the path of its main.js. */
export async function buildServer(out = path.dirname(serverEntry)): Promise<string> {
  const entry = path.join(out, 'main.js');
  fs.rmSync(out, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(root, 'server', 'main.ts')],
    outfile: entry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  // server/app.ts serves the images from beside itself (import.meta.dirname/assets/images).
  fs.cpSync(path.join(root, 'server', 'assets'), path.join(out, 'assets'), { recursive: true });
  return entry;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  await buildServer();
  console.log(`Built the server into ${path.relative(root, serverEntry)}`);
}
