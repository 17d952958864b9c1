import { createServer } from 'vite';
import { readServerConfig } from './config.ts';
import { createLogger } from './ops/logger.ts';
import { startShop } from './start.ts';

/**
 * Development: the API on API_PORT (3001) and Vite with hot reload on PORT, proxying the API.
 * Request logs are pretty-printed for people (production writes JSON lines).
 */
const config = readServerConfig();
const logger = createLogger({ pretty: true });
const apiPort = Number(process.env.API_PORT ?? 3001);
process.env.API_PORT = String(apiPort);
await startShop({ config, logger, port: apiPort, host: '127.0.0.1' });
const vite = await createServer({ server: { port: config.port } });
await vite.listen();
vite.printUrls();
