// The throughput floor: Node's own http module answering every request with the bytes of the file
// named in argv[2], from memory, in a process of its own (as the shop runs in its own), so that the
// load generator (the bench's process) never shares a core's event loop with either server.
// Prints the port it listens on, then serves until it is killed.
import fs from 'node:fs';
import http from 'node:http';

const body = fs.readFileSync(process.argv[2] ?? '');
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
