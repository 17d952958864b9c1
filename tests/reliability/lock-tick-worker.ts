/**
 * One process of tests/reliability/sankalp-lock.test.ts: opens the shop's database (DATA_DIR or
 * DATABASE_URL, as the server does), waits until START_AT (ms since the epoch) so that its twin
 * starts the same moment, then runs the sankalp lock: MODE=lock runs the job's work directly
 * (no lease, to prove the lock itself happens once), MODE=tick runs a scheduler tick (leases).
 * Prints one JSON line with what it did.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { readServerConfig } from '../../server/config.ts';
import { createSimulatedGateway } from '../../server/payments/simulated-gateway.ts';
import { processOwner, runDueJobs, shopJobs } from '../../server/jobs/scheduler.ts';
import { lockDueBookings } from '../../server/services/booking-lifecycle.ts';
import { prepareDb } from '../../server/start.ts';

const db = await prepareDb(readServerConfig());
const deps = {
  db,
  gateway: createSimulatedGateway({ secret: 'w'.repeat(32) }),
  uploadsDir: readServerConfig().uploadsDir,
  now: () => new Date(),
};
await sleep(Math.max(0, Number(process.env.START_AT) - Date.now()));
if (process.env.MODE === 'lock') {
  console.log(JSON.stringify({ locked: await lockDueBookings(deps) }));
} else {
  const runs = await runDueJobs(db, shopJobs(deps), { owner: processOwner(), now: deps.now });
  console.log(JSON.stringify({ ran: runs.map((run) => run.name) }));
}
await db.destroy();
