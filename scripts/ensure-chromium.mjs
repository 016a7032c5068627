// The browser tests drive Debian's Chromium (Playwright cannot download a browser here).
// On a fresh machine of this kind we are root with apt: install it, saying so; else explain.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);
const root = typeof process.getuid === 'function' && process.getuid() === 0;
let apt = false;
try {
  execSync('command -v apt-get', { stdio: 'ignore' });
  apt = true;
} catch {
  /* not Debian */
}
if (root && apt) {
  console.log(`[ensure-chromium] ${path} is missing: installing Debian's chromium (apt-get) for the browser tests`);
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk', {
    stdio: 'inherit',
  });
  process.exit(existsSync(path) ? 0 : 1);
}
console.error(
  `[ensure-chromium] the browser tests need Chromium at ${path} (Debian: apt-get install -y chromium), or set CHROMIUM_PATH`,
);
process.exit(1);
