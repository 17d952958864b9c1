import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../scripts/ops/postgres.ts';

/**
 * Global setup of the PostgreSQL run (`npm run test:postgres`): uses the server named by
 * TEST_DATABASE_URL (CI starts a throwaway cluster and sets it), or starts a throwaway cluster
 * of its own. Each test database is created by tests/support/test-db.ts under this run's
 * prefix; the teardown drops whatever of them is left.
 */
export default async function setup() {
  // Each project of the config runs its global setup, in this one process: the first one sets up.
  if (process.env.TEST_DATABASE_RUN) return;
  let cluster: ThrowawayPostgres | undefined;
  if (!process.env.TEST_DATABASE_URL) {
    cluster = await startThrowawayPostgres();
    process.env.TEST_DATABASE_URL = cluster.url;
  }
  const run = randomBytes(4).toString('hex');
  process.env.TEST_DATABASE_RUN = run;
  const url = process.env.TEST_DATABASE_URL;
  console.log(`PostgreSQL run ${run} on ${url}${cluster ? ' (a throwaway cluster)' : ''}`);

  return async () => {
    if (cluster) return cluster.stop();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(
        'select datname from pg_database where starts_with(datname, $1)',
        [`shop_test_${run}_`],
      );
      for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
    } finally {
      await client.end();
    }
  };
}
