import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { SPA_ROUTES } from '../../src/site/spa-routes';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { writeSiteFixture } from './site-fixture';

/** The product's mark as the icon browsers ask for by themselves (built into the site's root). */
const FAVICON = path.join(__dirname, '../../../frontend/public/favicon.ico');

describe('the routes of the site', () => {
  let app: TestApp;
  let siteDir: string;

  beforeAll(() => {
    siteDir = writeSiteFixture();
    copyFileSync(FAVICON, path.join(siteDir, 'favicon.ico'));
  });

  const opened = appsOnOwnDatabase(() => [{ env: { FRONTEND_DIST: siteDir } }]);

  beforeAll(() => {
    app = opened.app;
  });

  afterAll(() => {
    rmSync(siteDir, { recursive: true, force: true });
  });

  const visited = SPA_ROUTES.flatMap((route) => {
    const path = route.replace(/:[^/]+/g, '00000000-0000-4000-8000-000000000000');
    return path === '/' ? [path, '/?register=true'] : [path, `${path}/`];
  });

  it.each(visited)('answers %s with the site and 200', async (path) => {
    const response = await fetch(`${app.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('<div id="root">');
  });

  it.each([
    '/no-such-page',
    '/abouts',
    '/about/more',
    '/confirmation/one/two',
    '/admin/registrations',
  ])('answers %s with the site and 404', async (path) => {
    const response = await fetch(`${app.url}${path}`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<div id="root">');
  });

  it('answers /favicon.ico with the mark as an icon, not the site', async () => {
    const icon = readFileSync(FAVICON);
    // An ICO file: reserved 0, type 1 (icon), then at least one image.
    expect([...icon.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(icon.readUInt16LE(4)).toBeGreaterThan(0);
    const response = await fetch(`${app.url}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect(Buffer.from(await response.arrayBuffer()).equals(icon)).toBe(true);
  });
});
