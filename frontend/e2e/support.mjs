// What the browser scenarios share: the routes to visit, a dream, unique emails, and waiting.
import { readFileSync } from 'node:fs';

export const DREAM =
  'I was walking through a flooded museum at night and every painting whispered my name in a language I almost knew.';
export const LANGUAGES = ['en', 'it', 'ro'];

// Every route of the site (the server's list; the Command Center has scenarios of its own), with
// `{id}` for a registration each scenario fills in, then states of pages and a 404 worth a visit.
const SITE_ROUTES = JSON.parse(
  readFileSync(new URL('../../backend/src/site/site-routes.json', import.meta.url), 'utf8'),
);
export const ROUTES = [
  ...SITE_ROUTES.filter((route) => !route.startsWith('/admin')).map((route) =>
    route.replace(':id', '{id}'),
  ),
  '/?register=true',
  '/?register=true&payment=cancelled&registration={id}',
  '/confirmation?session_id=cs_e2e',
  '/confirmation?waitingList=true',
  '/confirmation/00000000-0000-4000-8000-000000000000',
  '/no-such-page',
];

let seq = 0;
export const uniqueEmail = (tag) => `${tag}-${Date.now()}-${(seq += 1)}@example.com`;

/** Polls until `check` stops throwing, like a web-first assertion. */
export async function eventually(check, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((wait) => setTimeout(wait, 100));
    }
  }
}

export const visible = (locator, timeout = 10_000) =>
  locator.first().waitFor({ state: 'visible', timeout });

/** A page of a new browser context whose site speaks `language` from the first load. */
export async function pageInLanguage(browser, language, options) {
  const context = await browser.newContext(options);
  await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
  return { context, page: await context.newPage() };
}
