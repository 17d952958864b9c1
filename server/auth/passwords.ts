import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt cost parameters (OWASP's minimum for scrypt: N=2^14, r=8, p=1), 16 MiB per hash. */
const N = 16384;
const R = 8;
const P = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 64;

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem: 128 * N * r bytes are needed; leave headroom above Node's 32 MiB default.
    scrypt(
      password.normalize('NFKC'),
      salt,
      keyLength,
      { ...options, maxmem: 64 * 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

/** Hashes a password as `scrypt$N$r$p$salt$hash` (salt and hash in base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

/** True when `password` matches `stored`; false for a wrong password or an unreadable hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const expected = Buffer.from(parts[5] ?? '', 'base64');
  // Only parameters this module could have written: a tampered row must not become a memory bomb.
  if (!(n >= 1024 && n <= 1 << 17 && (n & (n - 1)) === 0 && r >= 1 && r <= 16 && p >= 1 && p <= 4))
    return false;
  if (salt.length < 8 || expected.length < 32) return false;
  const actual = await derive(password, salt, expected.length, { N: n, r, p });
  return timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/** Starts computing the dummy hash now, so even the first unknown-e-mail sign-in takes normal time. */
export function prepareDummyHash(): Promise<string> {
  return (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));
}

/**
 * Spends the same time as a real verification when no account has the e-mail, so response
 * times do not reveal which addresses are registered. Always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(password, await prepareDummyHash());
  return false;
}
