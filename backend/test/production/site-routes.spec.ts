import { rmSync } from 'node:fs';
import { SPA_ROUTES } from '../../src/site/spa-routes';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { writeSiteFixture } from './site-fixture';

describe('the routes of the site', () => {
  let app: TestApp;
  let siteDir: string;

  beforeAll(() => {
    siteDir = writeSiteFixture();
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
});
