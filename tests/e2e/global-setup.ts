import type { TestProject } from 'vitest/node';
import { startServer } from './server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One real server over a fresh database for the whole browser run. */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide('baseUrl', server.url);
  return async () => {
    await server.stop();
  };
}
