import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { LiveTour } from '../../src/tour/live-tour';
import { publicEvents } from '../../src/tour/public-events';
import { adminRequest, login } from '../admin/admin-client';
import { writeSiteFixture } from '../production/site-fixture';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { OPEN_SLOT } from '../http';
import { testTour } from '../test-tour';

/**
 * A stand-in for the build's server-side entry (frontend/src/prerender.tsx): it renders the
 * events' cities and prices, and counts its renders.
 */
const RENDERER = `
export async function renderPage(url, language, events) {
  globalThis.liveRenders = (globalThis.liveRenders ?? 0) + 1;
  return '<title>Tour</title><h1>' + language + ' ' + url + ': ' +
    events.map((event) => event.city + ' ' + event.priceMinor).join(', ') + '</h1>';
}
export function pageDocument(template, rendered, language, events) {
  return template
    .replace('<html lang="en">', '<html lang="' + language + '">')
    .replace('<div id="root"></div>', '<div id="root">' + rendered.replace(/<title>[^<]*<\\/title>/, '') +
      '</div><script type="application/json" id="prerendered-data">' +
      JSON.stringify({ language, events }).replace(/</g, '\\\\u003c') + '</script>');
}
`;

const renders = () => (globalThis as { liveRenders?: number }).liveRenders ?? 0;

describe('the prerendered pages when the tour changes', () => {
  let app: TestApp;
  let siteDir: string;
  let cookie: string;

  beforeAll(async () => {
    siteDir = writeSiteFixture();
    const built = path.join(siteDir, 'prerendered');
    for (const language of ['en', 'it']) {
      mkdirSync(path.join(built, language), { recursive: true });
      writeFileSync(
        path.join(built, language, 'index.html'),
        `<!doctype html><html lang="${language}"><body><div id="root"><h1>As built</h1></div></body></html>`,
      );
    }
    // The build rendered the pages with the tour the app is about to import.
    writeFileSync(
      path.join(built, 'tour.json'),
      JSON.stringify(publicEvents(new LiveTour(testTour()), new Date(), 0)),
    );
    mkdirSync(path.join(built, 'server'));
    writeFileSync(path.join(built, 'server', 'package.json'), '{ "type": "module" }');
    writeFileSync(path.join(built, 'server', 'prerender.js'), RENDERER);
  });

  const opened = appsOnOwnDatabase(() => [{ env: { FRONTEND_DIST: siteDir } }]);

  beforeAll(async () => {
    app = opened.app;
    cookie = await login(app.url);
  });

  afterAll(async () => {
    rmSync(siteDir, { recursive: true, force: true });
  });

  const page = async (language = 'en') =>
    (await fetch(`${app.url}/`, { headers: { cookie: `language=${language}` } })).text();

  it('serves the built page while the tour is the one it was rendered with', async () => {
    expect(await page()).toContain('<h1>As built</h1>');
    expect(renders()).toBe(0);
  });

  it("renders it again with the live tour once it changes: a new event's city and price", async () => {
    const announced = await adminRequest(app.url, cookie, 'POST', '/api/admin/tour/events', {
      slug: 'cluj',
      city: 'Cluj-Napoca',
      venue: 'Fabrica de Pensule',
      date: '2031-03-12',
      timeZone: 'Europe/Bucharest',
      priceMinor: 4200,
    });
    expect(announced.status).toBe(201);
    const english = await page();
    expect(english).not.toContain('As built');
    expect(english).toContain('Cluj-Napoca 4200');
    expect(english).toContain('<html lang="en">');
    // The browser hydrates from the same live events.
    expect(english).toContain('"city":"Cluj-Napoca"');
    expect(await page('it')).toMatch(/<h1>it \/: .*Cluj-Napoca 4200/);
    // Once per page and tour version, not per request.
    const rendered = renders();
    await page();
    await page('it');
    expect(renders()).toBe(rendered);

    await adminRequest(app.url, cookie, 'PATCH', '/api/admin/tour/events/cluj', {
      priceMinor: 4500,
    });
    expect(await page()).toContain('Cluj-Napoca 4500');
    expect(renders()).toBe(rendered + 1);
  });

  it('answers the plain page, never a stale one, where it cannot render', async () => {
    rmSync(path.join(siteDir, 'prerendered', 'server'), { recursive: true, force: true });
    await adminRequest(app.url, cookie, 'PATCH', '/api/admin/tour/events/cluj', {
      priceMinor: 4700,
    });
    const plain = await page();
    expect(plain).toContain('<div id="root"></div>');
    expect(plain).not.toContain('As built');
  });
});

describe('the prerendered pages when a slot has closed since the build', () => {
  let app: TestApp;
  let siteDir: string;
  let catalogue: LiveTour;

  beforeAll(async () => {
    // The open slot started a minute ago; the build rendered the pages while it was open.
    const tour = testTour();
    const bucharest = tour.events.find((event) => event.slug === 'bucharest')!;
    const slot = bucharest.slots.find((candidate) => candidate.time === OPEN_SLOT)!;
    slot.startsAt = new Date(Date.now() - 60_000).toISOString();
    catalogue = new LiveTour(tour);
    siteDir = writeSiteFixture();
    const built = path.join(siteDir, 'prerendered');
    mkdirSync(path.join(built, 'en'), { recursive: true });
    writeFileSync(
      path.join(built, 'en', 'index.html'),
      '<!doctype html><html lang="en"><body><div id="root"><h1>As built</h1></div></body></html>',
    );
    const whenBuilt = new Date(Date.now() - 3_600_000);
    writeFileSync(
      path.join(built, 'tour.json'),
      JSON.stringify(publicEvents(catalogue, whenBuilt, 0)),
    );
    mkdirSync(path.join(built, 'server'));
    writeFileSync(path.join(built, 'server', 'package.json'), '{ "type": "module" }');
    writeFileSync(path.join(built, 'server', 'prerender.js'), RENDERER);
  });

  const opened = appsOnOwnDatabase(() => [{ env: { FRONTEND_DIST: siteDir }, catalogue }]);

  beforeAll(async () => {
    app = opened.app;
  });

  afterAll(async () => {
    rmSync(siteDir, { recursive: true, force: true });
  });

  it('renders the page again with the slot closed, as GET /api/events says', async () => {
    const html = await (await fetch(`${app.url}/`)).text();
    expect(html).not.toContain('As built');
    const served = JSON.parse(
      /<script type="application\/json" id="prerendered-data">(.*)<\/script>/.exec(html)![1]!,
    ) as { events: { slug: string; slots: { time: string; status: string }[] }[] };
    const api = (await (await fetch(`${app.url}/api/events`)).json()) as typeof served.events;
    const status = (events: typeof served.events) =>
      events
        .find((event) => event.slug === 'bucharest')
        ?.slots.find((candidate) => candidate.time === OPEN_SLOT)?.status;
    expect(status(served.events)).toBe('closed');
    expect(status(api)).toBe('closed');
    expect(served.events).toEqual(api);
  });
});
