/**
 * `npm run build:server`: the API server as plain JavaScript for production, so no TypeScript
 * transpiler runs in the request path (docs/decisions/0022-production-build-and-a-cluster-behind-nginx.md).
 * esbuild bundles server/main.ts and what it imports from server/ and contract/ into
 * build/server/main.js (ES modules for Node 20, packages from node_modules left as imports),
 * with a source map for stack traces, and copies the catalogue's images beside it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'build', 'server');

fs.rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: [path.join(root, 'server', 'main.ts')],
  outfile: path.join(out, 'main.js'),
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
console.log(`Built the server into ${path.relative(root, out)}/main.js`);
