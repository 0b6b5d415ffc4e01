// `make test` runs this before the tests that drive a browser: it finds Chromium as the tests do
// (chromium.cjs: a headless shell first) and, when there is none, installs one: Debian's
// chromium-headless-shell through apt when run as root on Debian, otherwise Playwright's own
// download. With `--browser` (`make bench`) it wants the whole browser a visitor runs, Debian's
// chromium. When neither can run it names the one command to run and fails.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { platform } from 'node:os';
import { aptInstall, isRootOnDebian, run } from '../../scripts/debian-package.mjs';

const require = createRequire(import.meta.url);
const { findChromium, CHROMIUM_KINDS } = require('./chromium.cjs');
const kind = process.argv.includes('--browser') ? 'browser' : 'tests';
const { purpose, debianPackage, makeTarget } = CHROMIUM_KINDS[kind];

function installWithPlaywright() {
  return run(process.execPath, [require.resolve('playwright-core/cli.js'), 'install', 'chromium']);
}

function oneCommand() {
  if (platform() === 'linux' && existsSync('/etc/debian_version')) {
    return `sudo apt-get install ${debianPackage}`;
  }
  return 'npx playwright-core install chromium';
}

const before = findChromium(process.env, kind);
if (before.path) {
  console.log(`Chromium for ${purpose}: ${before.path}`);
} else if (before.problem) {
  console.error(
    `${before.problem}: point it at a Chromium, or unset it to search the usual places`,
  );
  process.exitCode = 1;
} else {
  console.log(`No Chromium for ${purpose}: installing one`);
  if (isRootOnDebian()) aptInstall(debianPackage);
  else installWithPlaywright();
  const after = findChromium(process.env, kind);
  if (after.path) {
    console.log(`Chromium for ${purpose}: ${after.path}`);
  } else {
    console.error(
      `Could not install Chromium for ${purpose}. Run \`${oneCommand()}\` ` +
        `(or set CHROMIUM_PATH to a Chromium), then \`make ${makeTarget}\` again.`,
    );
    process.exitCode = 1;
  }
}
