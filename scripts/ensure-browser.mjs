// Makes sure a Chromium exists for Playwright: Debian's package where we can install it (root on
// Debian), else Playwright's own download. Prints what it uses; exits non-zero if none is found.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const run = (cmd) => execSync(cmd, { stdio: 'inherit' });

if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) {
  console.log(`browser: ${process.env.CHROMIUM_PATH}`);
} else if (existsSync(DEBIAN_CHROMIUM)) {
  console.log(`browser: ${DEBIAN_CHROMIUM}`);
} else if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
  console.log('browser: installing Debian chromium with apt-get');
  run('apt-get update -qq');
  run('DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium');
} else {
  console.log("browser: no system Chromium; installing Playwright's own");
  run('npx playwright install chromium');
}
