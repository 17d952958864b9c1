import { execFileSync } from 'node:child_process';

/**
 * Installs a Debian package when `installed()` says it is missing: as root through apt-get
 * (what CI and a fresh server do); otherwise it throws with the command to run.
 */
export function ensureDebianPackage(pkg: string, installed: () => boolean): void {
  if (installed()) return;
  if (process.getuid?.() !== 0)
    throw new Error(`${pkg} is missing: install it with \`sudo apt-get install -y ${pkg}\``);
  console.log(`Installing Debian's ${pkg} ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env });
  if (!installed()) throw new Error(`${pkg} is still missing after apt-get install`);
}
