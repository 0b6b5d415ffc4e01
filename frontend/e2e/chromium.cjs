// Where the browser tests find Chromium: CHROMIUM_PATH when it is set, else the usual places
// (a Chromium headless shell, chromium or chrome on PATH, then the one Playwright's own installer
// downloads). The backend's browser test and the e2e runner both ask this file, and `make test`
// asks it before installing; the benchmarks that measure a visitor's browser ask it too.
const { accessSync, constants, statSync } = require('node:fs');
const { delimiter, join } = require('node:path');

/**
 * The tests prefer Chromium's headless shell: the old headless mode, the one Playwright itself
 * runs headless tests in, the same Blink without the whole browser's windowing layers. The
 * browser suite took 189 s in it against 275 s in `chromium --headless`, all 76 scenarios
 * passing in both (2026-12-05, two workers, nothing else running). What measures the pages a
 * visitor's browser draws (Lighthouse, the paint and console benchmarks) asks for the whole
 * browser instead: `findChromium(env, 'browser')`.
 */
const HEADLESS_SHELL_NAMES = ['chromium-headless-shell', 'chrome-headless-shell'];
const NAMES_ON_PATH = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

/**
 * Each kind of Chromium: what is looked for on PATH, in order; who wants it; the Debian package
 * and the `make` target that install it; the installer's flag for it (install-chromium.mjs).
 */
const CHROMIUM_KINDS = {
  tests: {
    names: [...HEADLESS_SHELL_NAMES, ...NAMES_ON_PATH],
    purpose: 'the browser tests',
    debianPackage: 'chromium-headless-shell',
    makeTarget: 'test',
    installerFlag: '',
  },
  browser: {
    names: NAMES_ON_PATH,
    purpose: 'the benchmarks',
    debianPackage: 'chromium',
    makeTarget: 'bench',
    installerFlag: ' --browser',
  },
};

function isExecutableFile(file) {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(env, kind) {
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const name of CHROMIUM_KINDS[kind].names) {
    for (const dir of dirs) {
      const file = join(dir, name);
      if (isExecutableFile(file)) return file;
    }
  }
  return undefined;
}

function playwrightDownload() {
  try {
    const file = require('playwright-core').chromium.executablePath();
    return file && isExecutableFile(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The Chromium to drive: `{ path }` when there is one, `{ problem }` when CHROMIUM_PATH names
 * something that cannot run (an explicit choice is never silently replaced), `{}` when none of the
 * usual places has one. `kind` is 'tests' (a headless shell first) or 'browser' (the whole one).
 */
function findChromium(env = process.env, kind = 'tests') {
  const chosen = env.CHROMIUM_PATH;
  if (chosen) {
    return isExecutableFile(chosen)
      ? { path: chosen }
      : { problem: `CHROMIUM_PATH=${chosen} is not an executable file` };
  }
  const found = onPath(env, kind) ?? playwrightDownload();
  return found ? { path: found } : {};
}

/** The path of the Chromium to drive, or an error that says how to get one. */
function chromiumPath(env = process.env, kind = 'tests') {
  const { path, problem } = findChromium(env, kind);
  if (path) return path;
  const { names, makeTarget, installerFlag } = CHROMIUM_KINDS[kind];
  throw new Error(
    `${problem ?? `No Chromium found (CHROMIUM_PATH, then ${names.join(', ')} on PATH, then Playwright’s download)`}; ` +
      `\`make ${makeTarget}\` installs one, or run \`node frontend/e2e/install-chromium.mjs${installerFlag}\``,
  );
}

/**
 * The flags every Chromium the tests and benchmarks launch runs with, after its headless mode
 * (`headless`: the tests' `--headless`; Lighthouse drives `--headless=new`). Root needs no
 * sandbox; no GPU on a server. Without the background-networking ones, Chromium reaches for
 * Google's hosts at each start, and on a machine whose network is closed those connections are
 * refused, many at a time, beside the pages under test.
 */
function chromiumArgs(headless = '--headless') {
  return [
    headless,
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ];
}

module.exports = {
  findChromium,
  chromiumPath,
  chromiumArgs,
  CHROMIUM_KINDS,
  HEADLESS_SHELL_NAMES,
  NAMES_ON_PATH,
};
