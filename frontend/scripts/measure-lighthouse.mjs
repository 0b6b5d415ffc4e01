// Lighthouse itself (its default, mobile profile: a Moto G Power's screen, about 1.6 Mbps and
// 150 ms simulated, a 4x slower CPU) on each page it is given, for `make bench`
// (backend/bench/run.ts runs this against running apps and reads the JSON it prints on its last
// line). Each page is audited RUNS times in the Chromium the browser tests use; the run with the
// median performance score is kept, as Lighthouse's own guidance does for variable scores.
//
//   node scripts/measure-lighthouse.mjs http://127.0.0.1:3000/ http://127.0.0.1:3000/about …
//
// LIGHTHOUSE_REPORT_DIR=<dir> also writes each kept run's full report there (HTML), for the
// opportunities and diagnostics behind a score.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';

const require = createRequire(import.meta.url);
const { chromiumArgs, chromiumPath } = require('../e2e/chromium.cjs');

const urls = process.argv.slice(2);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? '3');
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
if (!urls.length) throw new Error('usage: measure-lighthouse.mjs <url>…');

/** Chromium with its DevTools port open; answers the port and a way to stop it. */
async function startChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'lighthouse-profile-'));
  const child = spawn(
    // The whole browser a visitor runs (Lighthouse drives its new headless mode).
    chromiumPath(process.env, 'browser'),
    [
      ...chromiumArgs('--headless=new'),
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise((resolvePort, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${output}`)), 30_000);
    child.stderr.on('data', (chunk) => {
      output += chunk;
      const found = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (found) {
        clearTimeout(timer);
        resolvePort(Number(found[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}):\n${output}`));
    });
  });
  return {
    port,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const metric = (lhr, id) => lhr.audits[id]?.numericValue ?? null;

/** What the bench prints of one audit, and what to look at when the score falls short. */
function summary(lhr) {
  const shortfalls = lhr.categories.performance.auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
    .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: metric(lhr, 'first-contentful-paint'),
    lcp: metric(lhr, 'largest-contentful-paint'),
    cls: metric(lhr, 'cumulative-layout-shift'),
    tbt: metric(lhr, 'total-blocking-time'),
    speedIndex: metric(lhr, 'speed-index'),
    shortfalls,
    warnings: lhr.runWarnings,
  };
}

/**
 * One audit of `url`. A run whose trace Lighthouse could not record (NO_NAVSTART and the like,
 * which its message says to run again) is run again, twice at most: it measured nothing.
 */
async function audit(url, attempts = 3) {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await lighthouse(url, {
      port: chromium.port,
      onlyCategories: ['performance'],
      output: 'html',
      logLevel: 'error',
    });
    if (!answer) throw new Error(`Lighthouse gave no result for ${url}`);
    const failure = answer.lhr.runtimeError;
    if (!failure) return answer;
    if (attempt >= attempts) throw new Error(`${url}: ${failure.code} ${failure.message}`);
    console.error(`${url}: ${failure.code}, auditing again`);
  }
}

const chromium = await startChromium();
try {
  const result = [];
  for (const url of urls) {
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      const answer = await audit(url);
      runs.push({ ...summary(answer.lhr), report: answer.report });
    }
    runs.sort((a, b) => a.score - b.score);
    const { report, ...kept } = runs[Math.floor(RUNS / 2)];
    if (REPORT_DIR) {
      mkdirSync(REPORT_DIR, { recursive: true });
      const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
      writeFileSync(join(REPORT_DIR, `${name || 'home'}.html`), report);
    }
    result.push({ url, runs: runs.map((run) => run.score), ...kept });
    console.error(`${url}: ${runs.map((run) => run.score).join(', ')}`);
  }
  console.log(JSON.stringify(result));
} finally {
  await chromium.stop();
}
