// Prerenders the public pages of the built site, in each language, so a visitor on a slow link
// reads the hero, the date and the price before any script runs (the browser then hydrates
// them). Runs after `vite build`: builds the server-side entry (src/prerender.tsx), renders
// each page with the tour of backend/src/tour/tour.json, and writes
// dist/prerendered/<language>/<page>.html; the server picks the file by the language cookie.
// The tour the pages were rendered with goes to dist/prerendered/tour.json, and the entry
// (self-contained) stays in dist/prerendered/server/: when the live tour differs, the server
// renders the pages again with it (backend/src/site/live-pages.ts), into the same page
// (dist/prerendered/template.html: index.html with the stylesheet inlined).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const frontendDir = resolve(here, '..');
const distDir = join(frontendDir, 'dist');
const ssrDir = join(distDir, 'prerendered', 'server');

export const PRERENDERED_PAGES = {
  '/': 'index',
  '/about': 'about',
  '/creator': 'creator',
  '/actress': 'actress',
  '/ai-researcher': 'ai-researcher',
  '/who-we-are': 'who-we-are',
  '/press': 'press',
  '/past-events': 'past-events',
  '/dreams': 'dreams',
  '/polaroid': 'polaroid',
};
const LANGUAGES = ['en', 'it', 'ro'];

/**
 * The tour as GET /api/events answers it (backend/src/tour/public-events.ts), its slots as
 * recorded: the server renders a page again once a slot has closed since.
 */
function tourEvents() {
  const tour = JSON.parse(readFileSync(join(frontendDir, '../backend/src/tour/tour.json'), 'utf8'));
  return tour.events.map((event) => ({
    slug: event.slug,
    city: event.city,
    venue: event.venue,
    localised: event.localised ?? {},
    date: event.date,
    timeZone: event.timeZone,
    status: event.status,
    priceMinor: event.priceMinor,
    currency: tour.currency,
    slots: event.slots.map((slot) => ({ ...slot })),
  }));
}

/**
 * The site's stylesheet written into the page instead of linked: the page can be painted as soon
 * as it has arrived, without a second request first (Lighthouse's first contentful paint). The
 * Content-Security-Policy allows this one <style> by its hash, which the server reads from
 * dist/prerendered/style-hashes.json (backend/src/security/security-headers.ts).
 */
function inlineStylesheet(template) {
  const link = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/.exec(template);
  if (!link) return template;
  const css = readFileSync(join(distDir, link[1]), 'utf8');
  if (css.includes('</style')) return template;
  const hash = `sha256-${createHash('sha256').update(css).digest('base64')}`;
  mkdirSync(join(distDir, 'prerendered'), { recursive: true });
  writeFileSync(join(distDir, 'prerendered', 'style-hashes.json'), `${JSON.stringify([hash])}\n`);
  return template.replace(link[0], () => `<style>${css}</style>`);
}

async function main() {
  await build({
    root: frontendDir,
    logLevel: 'warn',
    build: { ssr: 'src/prerender.tsx', outDir: ssrDir, emptyOutDir: true, copyPublicDir: false },
    // Everything in one file: the server that renders with it has no frontend packages.
    ssr: { noExternal: true },
  });
  const { renderPage, pageDocument } = await import(
    pathToFileURL(join(ssrDir, 'prerender.js')).href
  );
  const template = inlineStylesheet(readFileSync(join(distDir, 'index.html'), 'utf8'));
  // The server renders pages again with the live tour into the same page (live-pages.ts).
  mkdirSync(join(distDir, 'prerendered'), { recursive: true });
  writeFileSync(join(distDir, 'prerendered', 'template.html'), template);
  // The entry script imports each language's catalogue; the page's own is fetched alongside the
  // script (modulepreload), so the page takes life (hydrates) sooner.
  const entry = /<script type="module"[^>]*src="\/(assets\/[^"]+\.js)"/.exec(template)?.[1];
  const entryCode = entry ? readFileSync(join(distDir, entry), 'utf8') : '';
  const events = tourEvents();
  let count = 0;
  for (const language of LANGUAGES) {
    const outDir = join(distDir, 'prerendered', language);
    mkdirSync(outDir, { recursive: true });
    for (const [route, name] of Object.entries(PRERENDERED_PAGES)) {
      const rendered = await renderPage(route, language, events);
      const page = pageDocument(template, rendered, language, events, entryCode);
      writeFileSync(join(outDir, `${name}.html`), page);
      count += 1;
    }
  }
  writeFileSync(join(distDir, 'prerendered', 'tour.json'), JSON.stringify(events));
  console.log(`Prerendered ${count} pages into dist/prerendered/`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
