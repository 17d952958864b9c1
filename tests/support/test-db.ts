import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../server/app.ts';
import { openDb, type Db } from '../../server/db/client.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { seedCatalogue } from '../../server/db/seed/seed.ts';
import { createMailer } from '../../server/mail/mailer.ts';

export interface TestShop {
  db: Db;
  app: ReturnType<typeof createApp>;
  dir: string;
  /** Where the shop's e-mails land, as .eml files. */
  outboxDir: string;
  close: () => Promise<void>;
}

/** A real API app over a fresh, migrated (and by default seeded) SQLite file in a temp folder. */
export async function createTestShop({
  seed = true,
  now = new Date(),
  lockWaitMs,
}: { seed?: boolean; now?: Date; lockWaitMs?: number } = {}): Promise<TestShop> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
  const db = await openDb({ sqliteFile: path.join(dir, 'shop.sqlite'), lockWaitMs });
  await migrateToLatest(db);
  if (seed) await seedCatalogue(db, now);
  const outboxDir = path.join(dir, 'outbox');
  return {
    db,
    app: createApp({ db, mailer: createMailer({ outboxDir, from: 'Shop <no-reply@shop.test>' }) }),
    dir,
    outboxDir,
    close: async () => {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
