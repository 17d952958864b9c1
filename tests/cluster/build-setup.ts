import fs from 'node:fs';
import path from 'node:path';
import { buildServer } from '../../scripts/build-server.ts';

/**
 * The cluster tests run the production build, as `npm run cluster` does. It is built here into
 * a folder of this run's own under build/ (not build/server, which another run or `npm start`
 * may be using; inside the repository, so the build's imports find node_modules), and its path
 * handed to the tests through CLUSTER_SERVER_ENTRY.
 */
export default async function setup() {
  if (process.env.CLUSTER_SERVER_ENTRY) return;
  const builds = path.resolve(import.meta.dirname, '..', '..', 'build');
  fs.mkdirSync(builds, { recursive: true });
  const out = fs.mkdtempSync(path.join(builds, 'cluster-test-'));
  process.env.CLUSTER_SERVER_ENTRY = await buildServer(out);
  return () => fs.rmSync(out, { recursive: true, force: true });
}
