import fs from 'node:fs';
import path from 'node:path';
import { loadAuthSecret } from './auth/secret.ts';
import { readServerConfig } from './config.ts';
import { createMailer } from './mail/mailer.ts';
import { listen, paymentGatewayFor, prepareDb, startBackgroundJobs } from './start.ts';

/**
 * Production entry: the API and the built SPA on one origin. With SERVE_SPA=0 it serves the
 * API alone and needs no dist/ (the reliability tests and the load check run it that way).
 */
const config = readServerConfig();
let staticDir: string | undefined;
if (config.serveSpa) {
  staticDir = path.resolve('dist');
  if (!fs.existsSync(path.join(staticDir, 'index.html'))) {
    console.error('No built SPA in dist/. Run `npm run build` first (npm start does this for you).');
    process.exit(1);
  }
}
const db = await prepareDb(config);
const paymentGateway = paymentGatewayFor(config);
const jobs = startBackgroundJobs(db, paymentGateway, config.schedulerTickMs);
const server = await listen(
  {
    db,
    staticDir,
    authSecret: loadAuthSecret(config.dataDir),
    trustProxy: config.trustProxy,
    mailer: createMailer({ smtpUrl: config.smtpUrl, outboxDir: config.outboxDir, from: config.mailFrom }),
    publicUrl: config.publicUrl,
    brand: config.brand,
    paymentGateway,
    uploadsDir: config.uploadsDir,
  },
  config.port,
  config.host,
);
console.log(`${staticDir ? 'Shop' : 'API (no SPA)'} ready on http://localhost:${config.port}`);

const stop = () => {
  server.close();
  void jobs
    .stop()
    .then(() => db.destroy())
    .finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
