import path from 'node:path';

/** Server settings from the environment, with the defaults a newcomer gets. */
export function readServerConfig(env: NodeJS.ProcessEnv = process.env) {
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    sqliteFile: path.join(dataDir, 'shop.sqlite'),
    databaseUrl: env.DATABASE_URL || undefined,
  };
}
