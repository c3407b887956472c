// Finds Debian's Chromium for Playwright; installs it when missing and we are root with apt.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/lib/chromium/chromium', '/usr/bin/google-chrome'];
export const INSTALL_COMMAND = 'sudo apt-get update && sudo apt-get install -y chromium';

export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const canApt = process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (canApt) {
    console.log('Chromium not found: installing Debian\'s chromium package (apt-get install -y chromium)...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install = update.status === 0 && spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    if (install && install.status === 0 && findChromium()) return findChromium();
  }
  console.error(`Chromium is needed for the end-to-end tests and was not found. Install it with:\n  ${INSTALL_COMMAND}\nor set CHROMIUM_PATH to a Chromium or Chrome binary.`);
  process.exit(1);
}
