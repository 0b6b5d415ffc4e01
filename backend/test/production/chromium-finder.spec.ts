import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { chromiumArgs, findChromium } from '../../../frontend/e2e/chromium.cjs';

const ROOT = path.join(__dirname, '..', '..', '..');
const INSTALLER = path.join(ROOT, 'frontend/e2e/install-chromium.mjs');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(file);
    return [file];
  });
}

/** How the browser tests find Chromium, and what `make test` does when there is none. */
describe('finding Chromium for the browser tests', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'chromium-finder-'));
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function fakeBrowser(name: string): string {
    const file = path.join(dir, name);
    writeFileSync(file, '#!/bin/sh\nexit 0\n');
    chmodSync(file, 0o755);
    return file;
  }

  it('takes CHROMIUM_PATH first, over anything on PATH', () => {
    const chosen = fakeBrowser('my-chrome');
    fakeBrowser('chromium');
    expect(findChromium({ CHROMIUM_PATH: chosen, PATH: dir })).toEqual({ path: chosen });
  });

  it('reports a CHROMIUM_PATH that cannot run instead of silently using another browser', () => {
    fakeBrowser('chromium');
    const missing = path.join(dir, 'missing');
    expect(findChromium({ CHROMIUM_PATH: missing, PATH: dir }).problem).toContain(missing);
    const notExecutable = path.join(dir, 'plain-file');
    writeFileSync(notExecutable, '');
    expect(findChromium({ CHROMIUM_PATH: notExecutable, PATH: dir }).path).toBeUndefined();
  });

  it('finds chromium, chromium-browser or chrome on PATH', () => {
    const other = mkdtempSync(path.join(tmpdir(), 'chromium-finder-'));
    try {
      const chrome = fakeBrowser('google-chrome');
      expect(findChromium({ PATH: `${other}${path.delimiter}${dir}` })).toEqual({ path: chrome });
      const chromium = fakeBrowser('chromium');
      expect(findChromium({ PATH: dir })).toEqual({ path: chromium });
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('gives the tests a headless shell before the whole browser, and the benchmarks the whole browser only', () => {
    const chromium = fakeBrowser('chromium');
    const shell = fakeBrowser('chromium-headless-shell');
    expect(findChromium({ PATH: dir })).toEqual({ path: shell });
    expect(findChromium({ PATH: dir }, 'tests')).toEqual({ path: shell });
    expect(findChromium({ PATH: dir }, 'browser')).toEqual({ path: chromium });
    rmSync(chromium);
    expect(findChromium({ PATH: dir }, 'browser').path).not.toBe(shell);
  });

  it('makes `make test` stop with a clear message, installing nothing, when CHROMIUM_PATH is wrong', () => {
    const missing = path.join(dir, 'no-such-chromium');
    const result = spawnSync(process.execPath, [INSTALLER], {
      env: { ...process.env, CHROMIUM_PATH: missing },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`CHROMIUM_PATH=${missing} is not an executable file`);
    expect(result.stdout).not.toContain('installing');
  });

  it('makes `make test` go on without installing when a browser is found', () => {
    const chromium = fakeBrowser('chromium-headless-shell');
    const result = spawnSync(process.execPath, [INSTALLER], {
      env: {
        ...process.env,
        CHROMIUM_PATH: '',
        PATH: `${dir}${path.delimiter}${process.env.PATH}`,
      },
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`Chromium for the browser tests: ${chromium}`);
  });

  it('is the only place that names a browser: no test hard-codes where Chromium lives', () => {
    const tests = [
      ...filesUnder(path.join(ROOT, 'backend/test')),
      ...filesUnder(path.join(ROOT, 'frontend/e2e')),
    ];
    const offenders = tests.filter((file) =>
      /(\/usr|\/opt|\/snap)[/\w.-]*\/(chromium|chrome)/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((file) => path.relative(ROOT, file))).toEqual([]);
  });

  it('launches every Chromium with the one list of flags, which keeps it off the network on its own', () => {
    expect(chromiumArgs()).toEqual(expect.arrayContaining(['--headless', '--no-sandbox']));
    expect(chromiumArgs('--headless=new')[0]).toBe('--headless=new');
    expect(chromiumArgs()).toEqual(
      expect.arrayContaining([
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ]),
    );
    // The tests, the benchmarks and the page measurements launch through it, not a copy.
    const launchers = [
      ...filesUnder(path.join(ROOT, 'backend/test')),
      ...filesUnder(path.join(ROOT, 'backend/bench')),
      ...filesUnder(path.join(ROOT, 'frontend/e2e')),
      ...filesUnder(path.join(ROOT, 'frontend/scripts')),
    ].filter((file) => !file.endsWith('chromium.cjs') && !file.endsWith('chromium-finder.spec.ts'));
    const copies = launchers.filter((file) =>
      /['"]--(no-sandbox|disable-gpu|no-first-run)['"]/.test(readFileSync(file, 'utf8')),
    );
    expect(copies.map((file) => path.relative(ROOT, file))).toEqual([]);
  });
});
