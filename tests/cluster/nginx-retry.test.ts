/**
 * What nginx (scripts/ops/nginx.ts) sends again when a process resets a connection after the
 * request reached it, as a process closing its door can (docs/decisions/0028): a checkout or a
 * booking carrying its Idempotency-Key goes to the next process; any other POST, or one without
 * a key, is never sent twice. The process that resets is a socket that reads the request and
 * resets the connection: that failure is the point of the test. The other upstream answers 200
 * and counts what it received.
 */
import { startNginx, type Nginx } from '../../scripts/ops/nginx.ts';
import http from 'node:http';
import net from 'node:net';

interface Upstream {
  address: string;
  /** The requests it received, as "METHOD /path". */
  received: string[];
  close: () => Promise<void>;
}

async function listening(server: net.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}

/** Answers nginx's start-up /healthz, and resets every other connection once it has read the request. */
async function resetting(): Promise<Upstream> {
  const received: string[] = [];
  const server = net.createServer((socket) => {
    socket.once('data', (chunk: Buffer) => {
      const line = chunk.toString('latin1').split('\r\n')[0]!;
      if (line.startsWith('GET /healthz ')) {
        socket.end('HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
        return;
      }
      received.push(line.split(' ').slice(0, 2).join(' '));
      socket.resetAndDestroy();
    });
  });
  const address = await listening(server);
  return { address, received, close: () => new Promise((r) => server.close(() => r())) };
}

async function answering(): Promise<Upstream> {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url !== '/healthz') received.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  const address = await listening(server);
  return {
    address,
    received,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

let bad: Upstream;
let good: Upstream;
let nginx: Nginx;
beforeEach(async () => {
  bad = await resetting();
  good = await answering();
  nginx = await startNginx({ upstreams: [bad.address, good.address] });
});
afterEach(async () => {
  await nginx?.stop();
  await bad?.close();
  await good?.close();
});

/** Sends four POSTs one after another (round robin puts one of the first two on the resetting process). */
async function fourPosts(path: string, headers: Record<string, string>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await fetch(`${nginx.url}${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...headers,
        ...(headers['Idempotency-Key'] ? { 'Idempotency-Key': `${headers['Idempotency-Key']}-${i}` } : {}),
      },
      body: '{}',
    });
    statuses.push(res.status);
  }
  return statuses;
}

it.each(['/api/orders', '/api/bookings'])(
  'sends a keyed POST %s that a process reset to the next process: every one answered',
  async (path) => {
    expect(await fourPosts(path, { 'Idempotency-Key': 'checkout-attempt' })).toEqual([200, 200, 200, 200]);
    expect(bad.received).toEqual([`POST ${path}`]);
    expect(good.received).toEqual(Array(4).fill(`POST ${path}`));
  },
);

it('never sends a POST without its Idempotency-Key twice: the one a process reset fails (502)', async () => {
  const statuses = await fourPosts('/api/orders', {});
  expect(statuses.filter((s) => s === 502)).toHaveLength(1);
  expect(bad.received).toEqual(['POST /api/orders']);
  expect(good.received).toEqual(Array(3).fill('POST /api/orders'));
});

it('never sends a keyed POST to another route twice: only checkouts and bookings honour the key', async () => {
  const statuses = await fourPosts('/api/cart/items', { 'Idempotency-Key': 'not-honoured' });
  expect(statuses.filter((s) => s === 502)).toHaveLength(1);
  expect(bad.received).toEqual(['POST /api/cart/items']);
  expect(good.received).toHaveLength(3);
});
