/**
 * PostgreSQL only (run by `npm run test:postgres`): a pooled connection that the server ends
 * while it sits idle (a PostgreSQL restart, an administrator's pg_terminate_backend) is reported
 * and replaced, never an uncaught error that would bring the API process down.
 */
import pg from 'pg';
import { sql } from 'kysely';
import { openDb } from '../../server/db/client.ts';
import { databasePerFile } from '../support/prelude.ts';

const database = databasePerFile('shop-pool-');

it('reports an idle connection the server ended, and the next query gets a new one', async () => {
  const broken: Error[] = [];
  const db = await openDb({ databaseUrl: database.url, onIdleConnectionError: (err) => broken.push(err) });
  try {
    const pid = async () =>
      (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;
    const before = await pid();
    // The connection is idle in the pool now; end it from the server's side.
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [before]);
    await admin.end();
    for (let i = 0; i < 50 && broken.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(broken).toHaveLength(1);
    expect((broken[0] as Error & { code?: string }).code).toBe('57P01');
    const after = await pid();
    expect(after).not.toBe(before);
  } finally {
    await db.destroy();
  }
});
