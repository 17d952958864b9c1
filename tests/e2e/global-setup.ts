import type { TestProject } from 'vitest/node';
import { adminCreate, startServer } from './server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** A staff member of the browser run's shop, made with `npm run admin:create`. */
    staff: { email: string; password: string };
    /** The server's DATA_DIR (its SQLite file), for a test that must move a date past the real clock. */
    dataDir: string;
  }
}

const STAFF = {
  email: 'staff@journeys.divyapujaseva.in',
  name: 'Journey Staff',
  password: 'temple-bell-108',
};

/** One real server over a fresh database for the whole browser run, with a staff member. */
export default async function setup(project: TestProject) {
  const server = await startServer();
  await adminCreate(server.dataDir, { ...STAFF, role: 'staff' });
  project.provide('baseUrl', server.url);
  project.provide('dataDir', server.dataDir);
  project.provide('staff', { email: STAFF.email, password: STAFF.password });
  return async () => {
    await server.stop();
  };
}
