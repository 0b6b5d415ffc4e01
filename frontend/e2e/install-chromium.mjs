// `make test` runs this before the tests that drive a browser: it finds Chromium as the tests do
// (chromium.cjs) and, when there is none, installs one: Debian's chromium through apt when run as
// root on Debian, otherwise Playwright's own download. When neither can run it names the one
// command to run and fails.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { platform } from 'node:os';
import { aptInstall, isRootOnDebian, run } from '../../scripts/debian-package.mjs';

const require = createRequire(import.meta.url);
const { findChromium } = require('./chromium.cjs');

function installWithPlaywright() {
  return run(process.execPath, [require.resolve('playwright-core/cli.js'), 'install', 'chromium']);
}

function oneCommand() {
  if (platform() === 'linux' && existsSync('/etc/debian_version')) {
    return 'sudo apt-get install chromium';
  }
  return 'npx playwright-core install chromium';
}

const before = findChromium();
if (before.path) {
  console.log(`Chromium for the browser tests: ${before.path}`);
} else if (before.problem) {
  console.error(
    `${before.problem}: point it at a Chromium, or unset it to search the usual places`,
  );
  process.exitCode = 1;
} else {
  console.log('No Chromium for the browser tests: installing one');
  if (isRootOnDebian()) aptInstall('chromium');
  else installWithPlaywright();
  const after = findChromium();
  if (after.path) {
    console.log(`Chromium for the browser tests: ${after.path}`);
  } else {
    console.error(
      `Could not install Chromium for the browser tests. Run \`${oneCommand()}\` ` +
        '(or set CHROMIUM_PATH to a Chromium), then `make test` again.',
    );
    process.exitCode = 1;
  }
}
