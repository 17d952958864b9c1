import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const MIN_SECRET_LENGTH = 32;

/** A fresh random secret (48 bytes, base64url: 64 characters). */
export function generateSecret(): string {
  return randomBytes(48).toString('base64url');
}

/**
 * A server secret: `env[envName]` when set (at least 32 characters; several API processes must
 * share it), otherwise one generated on first start and kept in `<dataDir>/<fileName>` (mode
 * 0600), so what it signed stays valid across restarts.
 */
export function loadSecret({
  dataDir,
  fileName,
  envName,
  env = process.env,
}: {
  dataDir: string;
  fileName: string;
  envName: string;
  env?: NodeJS.ProcessEnv;
}): string {
  const fromEnv = env[envName];
  if (fromEnv !== undefined && fromEnv !== '') {
    if (fromEnv.length < MIN_SECRET_LENGTH) {
      throw new Error(`${envName} must be at least ${MIN_SECRET_LENGTH} characters long`);
    }
    return fromEnv;
  }

  const file = path.join(dataDir, fileName);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx': never overwrite; if another process won the race, read its secret below.
    const secret = generateSecret();
    fs.writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const stored = fs.readFileSync(file, 'utf8').trim();
  if (stored.length < MIN_SECRET_LENGTH) {
    throw new Error(
      `${file} holds a secret shorter than ${MIN_SECRET_LENGTH} characters; delete it to generate a new one`,
    );
  }
  return stored;
}
