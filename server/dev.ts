import { createServer } from 'vite';
import { loadAuthSecret } from './auth/secret.ts';
import { readServerConfig } from './config.ts';
import { createLogger } from './ops/logger.ts';
import {
  listen,
  mailerFor,
  messagingFor,
  paymentGatewayFor,
  prepareDb,
  startBackgroundJobs,
} from './start.ts';

/**
 * Development: the API on API_PORT (3001) and Vite with hot reload on PORT, proxying the API.
 * Request logs are pretty-printed for people (production writes JSON lines).
 */
const config = readServerConfig();
const logger = createLogger({ pretty: true });
const apiPort = Number(process.env.API_PORT ?? 3001);
process.env.API_PORT = String(apiPort);
const db = await prepareDb(config, logger);
const paymentGateway = paymentGatewayFor(config);
const mailer = mailerFor(config);
startBackgroundJobs(
  db,
  paymentGateway,
  config.uploadsDir,
  config.schedulerTickMs,
  undefined,
  messagingFor(mailer, config, logger),
);
await listen(
  {
    db,
    authSecret: loadAuthSecret(config.dataDir),
    trustProxy: config.trustProxy,
    paymentGateway,
    mailer,
    publicUrl: config.publicUrl,
    shopNotifyEmail: config.shopNotifyEmail,
    brand: config.brand,
    uploadsDir: config.uploadsDir,
    logger,
  },
  apiPort,
  '127.0.0.1',
);
const vite = await createServer({ server: { port: config.port } });
await vite.listen();
vite.printUrls();
