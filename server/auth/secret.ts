import { generateSecret, loadSecret } from '../secret-file.ts';

export { MIN_SECRET_LENGTH } from '../secret-file.ts';

/** A fresh random signing secret (48 bytes, base64url: 64 characters). */
export const generateAuthSecret = generateSecret;

/**
 * The token-signing secret: `AUTH_SECRET` from the environment when set (at least 32
 * characters; several API processes must share it), otherwise one generated on first start and
 * kept in `<dataDir>/auth-secret` (mode 0600), so sign-ins survive restarts.
 */
export function loadAuthSecret(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  return loadSecret({ dataDir, fileName: 'auth-secret', envName: 'AUTH_SECRET', env });
}
