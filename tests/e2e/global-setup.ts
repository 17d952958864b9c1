import { spawn } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { startServer } from './server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** A staff member of the browser run's shop, made with `npm run admin:create`. */
    staff: { email: string; password: string };
  }
}

const STAFF = {
  email: 'staff@journeys.divyapujaseva.in',
  name: 'Journey Staff',
  password: 'temple-bell-108',
};

/** `admin:create` over the server's DATA_DIR, the password piped in twice, as an operator would type it. */
function createStaff(dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'server/admin-create.ts',
        '--email',
        STAFF.email,
        '--name',
        STAFF.name,
        '--role',
        'staff',
      ],
      { env: { ...process.env, DATA_DIR: dataDir }, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.stdin.end(`${STAFF.password}\n${STAFF.password}\n`);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`admin:create failed:\n${output}`)),
    );
  });
}

/** One real server over a fresh database for the whole browser run, with a staff member. */
export default async function setup(project: TestProject) {
  const server = await startServer();
  await createStaff(server.dataDir);
  project.provide('baseUrl', server.url);
  project.provide('staff', { email: STAFF.email, password: STAFF.password });
  return async () => {
    await server.stop();
  };
}
