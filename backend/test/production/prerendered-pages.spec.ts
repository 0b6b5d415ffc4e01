import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { writeSiteFixture } from './site-fixture';

describe('the prerendered pages of the built site', () => {
  let app: TestApp;
  let siteDir: string;

  beforeAll(async () => {
    siteDir = writeSiteFixture();
    for (const [language, file, text] of [
      ['en', 'index', 'Twenty strangers'],
      ['it', 'index', 'Venti sconosciuti'],
      ['it', 'about', 'Lo spettacolo'],
    ]) {
      mkdirSync(path.join(siteDir, 'prerendered', language), { recursive: true });
      writeFileSync(
        path.join(siteDir, 'prerendered', language, `${file}.html`),
        `<!doctype html><html lang="${language}"><body><div id="root"><h1>${text}</h1></div></body></html>`,
      );
    }
  });

  const opened = appsOnOwnDatabase(() => [{ env: { FRONTEND_DIST: siteDir } }]);

  beforeAll(async () => {
    app = opened.app;
  });

  afterAll(async () => {
    rmSync(siteDir, { recursive: true, force: true });
  });

  async function get(url: string, cookie?: string) {
    const response = await fetch(`${app.url}${url}`, { headers: cookie ? { cookie } : {} });
    return {
      status: response.status,
      text: await response.text(),
      vary: response.headers.get('vary'),
    };
  }

  it('answers each page in the language of the cookie, English without one', async () => {
    const english = await get('/');
    expect(english.status).toBe(200);
    expect(english.text).toContain('<h1>Twenty strangers</h1>');
    expect(english.vary).toMatch(/cookie/i);
    expect((await get('/', 'admin_session=x; language=it')).text).toContain('Venti sconosciuti');
    expect((await get('/about/', 'language=it')).text).toContain('<h1>Lo spettacolo</h1>');
    // An unknown language reads as English, as in the site.
    expect((await get('/', 'language=fr')).text).toContain('Twenty strangers');
  });

  it('answers the plain page where nothing was prerendered, or a query string asks for more', async () => {
    for (const [url, cookie] of [
      ['/?register=true', 'language=it'],
      ['/about', 'language=ro'],
      ['/confirmation', undefined],
    ] as const) {
      const page = await get(url, cookie);
      expect(page.status).toBe(200);
      expect(page.text).toContain('<div id="root"></div>');
    }
    const missing = await get('/no-such-page', 'language=it');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('<div id="root"></div>');
  });
});
