// Where the browser tests find Chromium: CHROMIUM_PATH when it is set, else the usual places
// (a chromium or chrome on PATH, then the one Playwright's own installer downloads). The backend's
// browser test and the e2e runner both ask this file, and `make test` asks it before installing.
const { accessSync, constants, statSync } = require('node:fs');
const { delimiter, join } = require('node:path');

const NAMES_ON_PATH = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

function isExecutableFile(file) {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(env) {
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const name of NAMES_ON_PATH) {
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
 * usual places has one.
 */
function findChromium(env = process.env) {
  const chosen = env.CHROMIUM_PATH;
  if (chosen) {
    return isExecutableFile(chosen)
      ? { path: chosen }
      : { problem: `CHROMIUM_PATH=${chosen} is not an executable file` };
  }
  const found = onPath(env) ?? playwrightDownload();
  return found ? { path: found } : {};
}

/** The path of the Chromium to drive, or an error that says how to get one. */
function chromiumPath(env = process.env) {
  const { path, problem } = findChromium(env);
  if (path) return path;
  throw new Error(
    `${problem ?? 'No Chromium found (CHROMIUM_PATH, then chromium or chrome on PATH, then Playwright’s download)'}; ` +
      '`make test` installs one, or run `node frontend/e2e/install-chromium.mjs`',
  );
}

module.exports = { findChromium, chromiumPath, NAMES_ON_PATH };
