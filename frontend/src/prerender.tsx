import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { loadCatalogue } from './app/messages';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/routes';
import type { Language } from './features/language/hooks/use-language';
import { eventsQuery } from './lib/catalogue';
import type { CatalogueEvent } from './lib/catalogue';
import { createQueryClient } from './lib/query-client';

/**
 * The build's server-side entry (scripts/prerender.mjs): one page of the site as HTML, in one
 * language, with the tour's events; the capacity is left for the browser to fill in.
 */
export async function renderPage(
  url: string,
  language: Language,
  events: CatalogueEvent[],
): Promise<string> {
  await loadCatalogue(language);
  const queryClient = createQueryClient();
  queryClient.setQueryData(eventsQuery.queryKey, events);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <AppProviders queryClient={queryClient} language={language}>
          <AppRoutes />
        </AppProviders>
      </StaticRouter>
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  // A page that fails to render on the server must not ship half-rendered.
  if (errors.length > 0) throw errors[0];
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

/** JSON inside a <script> element: nothing in it may close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The whole document of a prerendered page: the built index.html (`template`) with the page's
 * language, its title, its rendered body, the events it was rendered with (the browser hydrates
 * from them) and a preload of its language's catalogue, whose chunk the entry script
 * (`entryCode`) names. The build (scripts/prerender.mjs) and the server, re-rendering a page
 * when the tour has changed since the build, both assemble pages with this.
 */
export function pageDocument(
  template: string,
  rendered: string,
  language: Language,
  events: CatalogueEvent[],
  entryCode: string,
): string {
  const chunk = new RegExp(`${language}\\.json_catalogue-[\\w-]+\\.js`).exec(entryCode)?.[0];
  const preload = chunk
    ? `<link rel="modulepreload" crossorigin href="/assets/${chunk}">\n  </head>`
    : '</head>';
  // React hoists the page's <title> into the head; the rest is the root's content.
  const title = /<title>([^<]*)<\/title>/.exec(rendered)?.[1];
  const body = rendered.replace(/<title>[^<]*<\/title>/g, '');
  return template
    .replace('<html lang="en">', `<html lang="${language}">`)
    .replace('</head>', preload)
    .replace(/<title>[^<]*<\/title>/, title ? `<title>${title}</title>` : '$&')
    .replace(
      '<div id="root"></div>',
      `<div id="root">${body}</div><script type="application/json" id="prerendered-data">${scriptJson({ language, events })}</script>`,
    );
}
