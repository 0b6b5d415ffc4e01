// Browser tests: Chromium (found by chromium.cjs), driven by playwright-core, against the real server and a
// fresh database. Starts the built backend on a free port with its own data directory for each
// worker (E2E_WORKERS, 2 unless set), runs the scenarios of the public site, then stops the servers.
//
//   npm run test:e2e -w frontend            all scenarios
//   E2E_WORKERS=1 npm run test:e2e -w frontend   all scenarios on one server, one after the other
//   E2E_ONLY=axe npm run test:e2e -w frontend   scenarios whose name contains "axe"
//   E2E_FILE=visitor-conditions npm run test:e2e -w frontend   the scenarios of that file (or door, …)
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { scenarios } from './scenarios.mjs';
import { commandCenterScenarios } from './command-center.e2e.mjs';
import { conditionsScenarios } from './visitor-conditions.e2e.mjs';
import { cancellationScenarios } from './cancellations-and-offers.e2e.mjs';
import { accountsScenarios } from './accounts.e2e.mjs';
import { registrationTruthScenarios } from './registration-truth.e2e.mjs';
import { performersSheetScenarios } from './performers-sheet.e2e.mjs';
import { sheetReviewScenarios } from './sheet-review.e2e.mjs';
import { doorScenarios } from './door.e2e.mjs';
import { doorPersonScenarios } from './door-person.e2e.mjs';
import { operatorScenarios } from './operators.e2e.mjs';
import { afterTheDoorScenarios } from './after-the-door.e2e.mjs';
import { reminderScenarios } from './reminders.e2e.mjs';
import { plansChangeScenarios } from './plans-change.e2e.mjs';
import { moneyScenarios } from './money.e2e.mjs';
import { consoleWorkplaceScenarios } from './console-workplace.e2e.mjs';
import { readOpenSlot } from './open-slot.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const frontendDir = resolve(here, '..');
const rootDir = resolve(frontendDir, '..');
const resultsDir = join(frontendDir, 'test-results');
const require = createRequire(import.meta.url);
const axePath = require.resolve('axe-core/axe.min.js');
const { chromiumArgs, chromiumPath } = require('./chromium.cjs');
const only = process.env.E2E_ONLY;
const onlyFile = process.env.E2E_FILE;
const adminPassword = process.env.E2E_ADMIN_PASSWORD ?? 'e2e-operator-password';

function build() {
  const run = (args) => {
    const result = spawnSync('npm', args, { cwd: rootDir, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed`);
  };
  if (!existsSync(join(rootDir, 'backend/dist/main.js'))) run(['run', 'build', '-w', 'backend']);
  if (process.env.E2E_SKIP_BUILD !== '1') run(['run', 'build', '-w', 'frontend']);
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** A scenario that hangs fails after this long instead of holding the run. */
const scenarioTimeoutMs = Number(process.env.E2E_SCENARIO_TIMEOUT_MS ?? 480_000);

/** The servers still running: every one is stopped before the run ends, whatever failed. */
const running = new Set();

function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/**
 * A database made once as every server's first boot makes it (created, migrated, the demo tour
 * imported, the owner set up), then copied for each server: a copy boots in a fraction of the
 * time of PostgreSQL's initdb and the migrations, which every worker's server and every scenario
 * with a server of its own would otherwise run again.
 */
let template;
function databaseTemplate() {
  template ??= (async () => {
    const server = await startServer({ logName: 'server-template.log', fresh: true });
    running.delete(server.stop);
    await server.halt();
    return server.dataDir;
  })();
  return template;
}

/** The template's PostgreSQL files, owners and modes kept (PostgreSQL checks both). */
function copyDatabase(from, to) {
  const copied = spawnSync('cp', ['-a', join(from, 'postgres'), join(to, 'postgres')], {
    stdio: 'inherit',
  });
  if (copied.status !== 0) throw new Error(`Could not copy the database template from ${from}`);
}

/**
 * The built server on a free port, with a data directory (and embedded database) of its own.
 * `env` adds to its environment; `logName` names its log under test-results.
 */
async function startServer({ env = {}, logName = 'server.log', fresh = false } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  if (!fresh) copyDatabase(await databaseTemplate(), dataDir);
  const log = createWriteStream(join(resultsDir, logName));
  // The name the server uses for its own links (the payment page sends the browser back to it).
  const baseURL = `http://localhost:${port}`;
  let child;
  let exited;

  const launch = async () => {
    child = spawn(process.execPath, ['backend/dist/main.js'], {
      cwd: rootDir,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        ADMIN_PASSWORD: adminPassword,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A group of its own, so that a server that must be killed takes its database with it.
      detached: true,
    });
    running.add(stop);
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    exited = new Promise((resolveExit) => child.once('exit', resolveExit));
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (child.exitCode !== null) {
        throw new Error(`The server exited; see test-results/${logName}`);
      }
      try {
        const response = await fetch(`${baseURL}/api/capacity`);
        if (response.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('The server did not answer /api/capacity in time');
      await new Promise((wait) => setTimeout(wait, 500));
    }
  };

  /** Stops the server process (its database stays in dataDir for the next launch). */
  const halt = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => killGroup(child), 30_000);
      await exited;
      clearTimeout(timer);
    }
  };

  async function stop() {
    running.delete(stop);
    await halt();
    rmSync(dataDir, { recursive: true, force: true });
  }

  await launch();
  return { baseURL, dataDir, stop, halt, launch };
}

/** The scenario files, in the order each worker takes them from the queue. */
const files = [
  // The visitor's conditions first: they need seats, and a main scenario fills the slot.
  ['visitor-conditions', conditionsScenarios],
  ['scenarios', scenarios],
  ['command-center', commandCenterScenarios],
  ['cancellations-and-offers', cancellationScenarios],
  ['registration-truth', registrationTruthScenarios],
  ['performers-sheet', performersSheetScenarios],
  ['sheet-review', sheetReviewScenarios],
  ['door', doorScenarios],
  ['door-person', doorPersonScenarios],
  ['operators', operatorScenarios],
  ['after-the-door', afterTheDoorScenarios],
  ['reminders', reminderScenarios],
  ['plans-change', plansChangeScenarios],
  ['money', moneyScenarios],
  ['accounts', accountsScenarios],
  ['console-workplace', consoleWorkplaceScenarios],
];

/**
 * One scenario in a browser context of its own on `server`; answers whether it passed (a
 * failure is printed with its stack, and a screenshot lands in test-results).
 */
async function runScenario({ name, run, networkErrors }, { browser, server, label }) {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => {
    if (!networkErrors || !/dynamically imported module|Failed to fetch/.test(error.message)) {
      errors.push(error.message);
    }
  });
  page.on('console', (message) => {
    const expected = networkErrors
      ? /status of (401|404|409)|net::ERR_|Failed to fetch|dynamically imported module|A part of the page failed/
      : /status of (401|404|409)/;
    if (message.type() === 'error' && !expected.test(message.text())) {
      errors.push(message.text());
    }
  });
  const shared = {
    baseURL: server.baseURL,
    axePath,
    adminPassword,
    // For the scenarios where the server goes away and comes back.
    stopServer: server.halt,
    startServer: server.launch,
    // For a scenario that needs a server of its own (e.g. with the workers on); it stops it.
    startOwnServer: (env, logName) => startServer({ env, logName }),
  };
  const started = Date.now();
  try {
    let timer;
    const deadline = new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`No end within ${scenarioTimeoutMs} ms (E2E_SCENARIO_TIMEOUT_MS)`)),
        scenarioTimeoutMs,
      );
    });
    await Promise.race([run({ page, context, browser, ...shared }), deadline]).finally(() =>
      clearTimeout(timer),
    );
    if (errors.length) throw new Error(`Errors in the page:\n${errors.join('\n')}`);
    console.log(`  ✓ ${label}${name} (${Date.now() - started} ms)`);
    return true;
  } catch (error) {
    console.log(`  ✗ ${label}${name}\n${String(error?.stack ?? error).replace(/^/gm, '      ')}`);
    const file = join(resultsDir, `${name.replace(/[^a-z0-9]+/gi, '-')}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    return false;
  } finally {
    await context.close();
  }
}

/**
 * The chosen files run by E2E_WORKERS workers (2 unless set), each with a server and database of
 * its own: a worker takes the next file from the queue and runs its scenarios one after the
 * other, so a file's scenarios keep their order and see only the files before it on that server.
 * The scenarios that share a server's slots take slots of their own (support.mjs). A scenario
 * marked `waitsOnTheClock` starts a server of its own and leaves its file's order: it runs in a
 * lane beside the workers.
 */
async function main() {
  const executablePath = chromiumPath();
  mkdirSync(resultsDir, { recursive: true });
  if (onlyFile && !files.some(([file]) => file === onlyFile)) {
    throw new Error(`E2E_FILE=${onlyFile}: no such file (${files.map(([file]) => file)})`);
  }
  const chosen = files
    .filter(([file]) => !onlyFile || file === onlyFile)
    .map(([file, list]) => [file, list.filter(({ name }) => !only || name.includes(only))])
    .filter(([, list]) => list.length > 0);
  const workers = Math.max(1, Math.min(Number(process.env.E2E_WORKERS ?? 2) || 1, chosen.length));
  build();
  const servers = await Promise.all(
    Array.from({ length: workers }, (_, index) =>
      startServer({ logName: workers === 1 ? 'server.log' : `server-${index + 1}.log` }),
    ),
  );
  // The demo tour's open slot is named after today's date: the same on every worker's server.
  const slots = [];
  for (const server of servers) slots.push({ ...(await readOpenSlot(server.baseURL)) });
  if (new Set(slots.map((slot) => slot.time)).size > 1) {
    throw new Error("The workers' servers offer different open slots (started across midnight?)");
  }
  // A browser for each worker and one for the lane beside them, as Playwright's own runner gives
  // each worker its own: one page's printing, stall or crash stays with its own scenarios.
  const browsers = [];
  const browserOfItsOwn = async () => {
    const browser = await chromium.launch({
      executablePath,
      args: chromiumArgs(),
    });
    browsers.push(browser);
    return browser;
  };
  let failed = 0;
  let passed = 0;
  const count = (ok) => (ok ? (passed += 1) : (failed += 1));
  // Scenarios that spend a minute waiting for their server's clock (an offer's hold, a slot's
  // start), each on a server of its own: they run one after the other beside the workers
  // instead of holding a worker idle for that minute.
  const beside = chosen.flatMap(([, list]) => list.filter((scenario) => scenario.waitsOnTheClock));
  const queue = chosen
    .map(([file, list]) => [file, list.filter((scenario) => !scenario.waitsOnTheClock)])
    .filter(([, list]) => list.length > 0);
  const worker = async (server, index) => {
    const label = workers === 1 ? '' : `[${index + 1}] `;
    const browser = await browserOfItsOwn();
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [, list] = next;
      for (const scenario of list) count(await runScenario(scenario, { browser, server, label }));
    }
  };
  const besideTheWorkers = async () => {
    if (beside.length === 0) return;
    const browser = await browserOfItsOwn();
    for (const scenario of beside) {
      count(await runScenario(scenario, { browser, server: servers[0], label: '[beside] ' }));
    }
  };
  try {
    await Promise.all([
      ...servers.map((server, index) => worker(server, index)),
      besideTheWorkers(),
    ]);
  } finally {
    await Promise.all(browsers.map((browser) => browser.close()));
    await Promise.all([...running].map((stopServer) => stopServer()));
    if (template) rmSync(await template, { recursive: true, force: true });
  }
  console.log(`\n${passed} passed, ${failed} failed`);
  return failed || !passed ? 1 : 0;
}

// The run ends when its scenarios do: nothing left open (a stream, a timer) may hold it.
main().then(
  (code) => process.exit(code),
  async (error) => {
    console.error(error);
    await Promise.all([...running].map((stopServer) => stopServer().catch(() => undefined)));
    process.exit(1);
  },
);
