import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const MIN_SECRET_LENGTH = 32;

/** A fresh random signing secret (48 bytes, base64url: 64 characters). */
export function generateAuthSecret(): string {
  return randomBytes(48).toString('base64url');
}

/**
 * The token-signing secret: `AUTH_SECRET` from the environment when set (at least 32
 * characters; several API processes must share it), otherwise one generated on first start and
 * kept in `<dataDir>/auth-secret` (mode 0600), so sign-ins survive restarts.
 */
export function loadAuthSecret(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.AUTH_SECRET;
  if (fromEnv !== undefined && fromEnv !== '') {
    if (fromEnv.length < MIN_SECRET_LENGTH) {
      throw new Error(`AUTH_SECRET must be at least ${MIN_SECRET_LENGTH} characters long`);
    }
    return fromEnv;
  }

  const file = path.join(dataDir, 'auth-secret');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx': never overwrite; if another process won the race, read its secret below.
    const secret = generateAuthSecret();
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
