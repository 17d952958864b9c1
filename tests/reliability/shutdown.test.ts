/**
 * A graceful stop (docs/decisions/0028-health-readiness-and-graceful-shutdown.md): on SIGTERM
 * the real server process answers /readyz with 503 at once, keeps /healthz, finishes the
 * requests it has (a payment being captured), stops accepting, closes the database and exits
 * 0; a request that outlasts SHUTDOWN_TIMEOUT_MS is cut so the stop stays bounded. Its log is
 * JSON lines that carry none of the secrets its requests held.
 */
import fs from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import type { PaymentCaptureResponse } from '../../contract/payments.ts';
import { http, newCustomer, startApiServer, type ApiServer } from '../support/api-server.ts';
import { codOrder, openShopDb } from './helpers.ts';
import { draftOf } from '../support/payments.ts';

const servers: ApiServer[] = [];
afterAll(async () => {
  for (const server of servers) {
    await server.crash();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
});

const exitOf = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      return resolve({ code: child.exitCode, signal: child.signalCode });
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });

/** A payment intent for one of a plentiful seeded product, ready to capture. */
async function intent(server: ApiServer, customer: Awaited<ReturnType<typeof newCustomer>>) {
  const body = codOrder(customer, 1, 1, { payment_method: 'online' });
  const created = await http(server.url, 'POST', '/api/payments', {
    token: customer.token,
    json: { purpose: 'order', order: draftOf(body) },
  });
  expect(created.status).toBe(201);
  return (created.body as { payment: { id: string } }).payment.id;
}

it('on SIGTERM: /readyz 503 at once, running requests finish, new ones are served until the listener closes, then the database closes and it exits 0', async () => {
  const server = await startApiServer({
    env: { SHUTDOWN_DRAIN_MS: '1500', PAYMENT_DELAY_MS: '3000', SHUTDOWN_TIMEOUT_MS: '10000' },
  });
  servers.push(server);
  const me = await newCustomer(server.url);
  const paymentId = await intent(server, me);
  const upiId = 'meena.private@okaxis';

  // A capture that takes the provider's 3 s is running when the stop comes.
  const capturing = http(server.url, 'POST', `/api/payments/${paymentId}/capture`, {
    token: me.token,
    json: { method: 'upi', upiId },
    timeoutMs: 20_000,
  });
  await new Promise((r) => setTimeout(r, 300));
  const exit = exitOf(server.child);
  const stopAt = performance.now();
  server.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 200));

  const ready = await http(server.url, 'GET', '/readyz');
  expect(ready).toMatchObject({ status: 503, body: { message: 'Shutting down', status: 'draining' } });
  expect(ready.headers.get('connection')).toBe('close');
  expect((await http(server.url, 'GET', '/healthz')).status).toBe(200);
  // Still accepting during the drain: a new order is served in full.
  const order = await http(server.url, 'POST', '/api/orders', { token: me.token, json: codOrder(me, 1) });
  expect(order.status).toBe(201);

  const captured = await capturing;
  expect(captured.status).toBe(200);
  expect((captured.body as PaymentCaptureResponse).payment.status).toBe('captured');
  expect(await exit).toEqual({ code: 0, signal: null });
  // It waited for the capture (3 s from its start), not for its whole timeout.
  expect(performance.now() - stopAt).toBeLessThan(8000);
  await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();

  // What it answered is stored.
  const stored = await openShopDb(server);
  try {
    const { rows } = await sql<{
      status: string;
    }>`select status from payments where id = ${paymentId}`.execute(stored);
    expect(rows).toEqual([{ status: 'captured' }]);
  } finally {
    await stored.destroy();
  }

  // Its log: JSON lines, each request with its id, route, status and duration; the stop in order.
  const lines = server
    .output()
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const messages = lines.map((l) => l.msg);
  expect(messages.indexOf('Shutting down')).toBeLessThan(
    messages.indexOf('Stopped: every request answered, database closed'),
  );
  const capture = lines.find((l) => l.route === '/api/payments/:id/capture');
  expect(capture).toMatchObject({ method: 'POST', status: 200, reqId: expect.any(String) as string });
  expect(capture!.ms).toBeGreaterThanOrEqual(2900);
  for (const secret of [me.token, 'secret123', upiId, paymentId])
    expect(server.output(), 'a secret in the log').not.toContain(secret);
}, 60_000);

it('cuts a request that outlasts SHUTDOWN_TIMEOUT_MS, so a stop never hangs', async () => {
  const server = await startApiServer({ env: { PAYMENT_DELAY_MS: '60000', SHUTDOWN_TIMEOUT_MS: '500' } });
  servers.push(server);
  const me = await newCustomer(server.url);
  const paymentId = await intent(server, me);
  const hanging = http(server.url, 'POST', `/api/payments/${paymentId}/capture`, {
    token: me.token,
    json: { method: 'upi', upiId: 'slow@upi' },
    timeoutMs: 30_000,
  }).then(
    (res) => res.status,
    () => 'cut',
  );
  await new Promise((r) => setTimeout(r, 300));
  const exit = exitOf(server.child);
  const stopAt = performance.now();
  server.child.kill('SIGTERM');
  expect(await exit).toEqual({ code: 0, signal: null });
  expect(performance.now() - stopAt).toBeLessThan(5000);
  expect(await hanging).toBe('cut');
  expect(server.output()).toContain('Stopped (some requests were cut), database closed');
}, 60_000);
