import { rmSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { writeSiteFixture } from './site-fixture';
import { chromiumArgs, chromiumPath } from '../../../frontend/e2e/chromium.cjs';

/** Every Content-Security-Policy violation the page reports, and every console error. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

/**
 * The pages really work under the policy: Chromium loads Swagger UI and a Vite-shaped
 * site, and reports no blocked script, style, image or request.
 */
describe('the Content-Security-Policy in a browser', () => {
  let app: TestApp;
  let browser: Browser;
  let siteDir: string;

  beforeAll(() => {
    siteDir = writeSiteFixture();
  });

  // Declared before the app's own hooks: the browser closes before it.
  afterAll(async () => {
    await browser?.close();
  });

  const opened = appsOnOwnDatabase(() => [{ env: { FRONTEND_DIST: siteDir } }]);

  afterAll(() => {
    rmSync(siteDir, { recursive: true, force: true });
  });

  beforeAll(async () => {
    app = opened.app;
    browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: chromiumArgs(),
    });
  });

  it('lets Swagger UI render the API and its operations', async () => {
    const page = await browser.newPage();
    const problems = watch(page);
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { reportViolation(text: string): void }).reportViolation(
          `${event.violatedDirective} ${event.blockedURI}`,
        );
      });
    });
    const response = await page.goto(`${app.url}/api/docs`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.locator('.swagger-ui .info .title').waitFor({ timeout: 20000 });
    expect(await page.locator('.swagger-ui .info .title').innerText()).toContain(
      'Dream registration and ticketing API',
    );
    await page.locator('.opblock-summary-path', { hasText: '/api/health/ready' }).waitFor();
    expect(await page.locator('.opblock').count()).toBeGreaterThan(5);
    // Swagger UI's own styles applied: the operations are laid out, not raw text.
    const display = await page
      .locator('.opblock-summary')
      .first()
      .evaluate((element) => getComputedStyle(element).display);
    expect(display).toBe('flex');
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('lets the site run its scripts and styles from /assets, show data: images and call the API', async () => {
    const page = await browser.newPage();
    const problems = watch(page);
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { reportViolation(text: string): void }).reportViolation(
          `${event.violatedDirective} ${event.blockedURI}`,
        );
      });
    });
    await page.goto(`${app.url}/about`);
    await page.locator('#status', { hasText: 'rendered' }).waitFor({ timeout: 10000 });
    expect(await page.locator('#status').innerText()).toBe('rendered bucharest');
    expect(await page.locator('#root').evaluate((element) => getComputedStyle(element).color)).toBe(
      'rgb(1, 2, 3)',
    );
    expect(
      await page
        .locator('img[alt="pixel"]')
        .evaluate(
          (image) =>
            (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth,
        ),
    ).toBe(1);
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);

    // And the policy does bite: an inline script is refused.
    const blocked = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.body.append(script);
      return (window as unknown as { inlineRan?: boolean }).inlineRan === true;
    });
    expect(blocked).toBe(false);
    await page.waitForTimeout(100);
    expect(violations.some((violation) => violation.startsWith('script-src'))).toBe(true);
    await page.close();
  });
});
