// The home page's paint timings in Debian's Chromium under the DevTools protocol's network and
// CPU throttling, for `make bench` (backend/bench/run.ts runs this against a running app and
// reads the JSON it prints on its last line). Each figure is the median of RUNS cold loads.
//
//   node scripts/measure-paint.mjs http://127.0.0.1:3000
//
// - mobile: Lighthouse's mobile profile (about 1.6 Mbps down, 150 ms round trips, 4x slower
//   CPU, a 412x823 phone): first and largest contentful paint, cumulative layout shift;
// - slow: 400 kbps and 400 ms: when the hero's text is first painted (Element Timing);
// each for the prerendered page (/) and, as the baseline, the same page rendered by the
// script alone (/?spa=1: the server answers a query string with the plain index.html).
/* global window -- observePaints runs inside the page */
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

const baseURL = process.argv[2] ?? 'http://localhost:3000';
const RUNS = Number(process.env.PAINT_RUNS ?? '3');
const chromiumFinder = createRequire(import.meta.url)('../e2e/chromium.cjs');
// The whole browser a visitor runs, not the tests' headless shell (chromium.cjs).
const chromiumPath = chromiumFinder.chromiumPath(process.env, 'browser');

const PROFILES = {
  mobile: { latency: 150, downloadKbps: 1600, uploadKbps: 750, cpu: 4 },
  slow: { latency: 400, downloadKbps: 400, uploadKbps: 400, cpu: 4 },
};

/** Collects the page's paint entries from its first moment (before any of its own script). */
function observePaints() {
  const paints = { fcp: null, lcp: null, cls: 0, hero: null };
  window.__paints = paints;
  const observe = (type, handle) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(handle)).observe({
        type,
        buffered: true,
      });
    } catch {
      // not supported: the figure stays empty
    }
  };
  observe('paint', (entry) => {
    if (entry.name === 'first-contentful-paint') paints.fcp = entry.startTime;
  });
  observe('largest-contentful-paint', (entry) => {
    paints.lcp = entry.renderTime || entry.startTime;
  });
  // The sum of every unexpected shift: never less than Lighthouse's windowed CLS.
  observe('layout-shift', (entry) => {
    if (!entry.hadRecentInput) paints.cls += entry.value;
  });
  observe('element', (entry) => {
    if (entry.identifier === 'hero-text' && paints.hero === null) {
      paints.hero = entry.renderTime || entry.loadTime;
    }
  });
}

async function load(browser, path, profile) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript(observePaints);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.latency,
    downloadThroughput: (profile.downloadKbps * 1000) / 8,
    uploadThroughput: (profile.uploadKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  await page.goto(`${baseURL}${path}`, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForLoadState('networkidle', { timeout: 120_000 }).catch(() => undefined);
  // Let late shifts (the capacity filling in) happen, then stop LCP with an input, as
  // Lighthouse's trace ends it.
  await page.waitForTimeout(2000);
  const paints = await page.evaluate(() => window.__paints);
  await context.close();
  return paints;
}

const median = (values) => {
  const sorted = values.filter((value) => value !== null).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null;
};

async function measure(browser, path, profileName) {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) {
    runs.push(await load(browser, path, PROFILES[profileName]));
  }
  return {
    fcp: median(runs.map((paints) => paints.fcp)),
    lcp: median(runs.map((paints) => paints.lcp)),
    cls: median(runs.map((paints) => paints.cls)),
    hero: median(runs.map((paints) => paints.hero)),
  };
}

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: chromiumFinder.chromiumArgs(),
});
try {
  const result = {
    mobile: await measure(browser, '/', 'mobile'),
    mobileBaseline: await measure(browser, '/?spa=1', 'mobile'),
    slow: await measure(browser, '/', 'slow'),
    slowBaseline: await measure(browser, '/?spa=1', 'slow'),
  };
  console.log(JSON.stringify(result));
} finally {
  await browser.close();
}
