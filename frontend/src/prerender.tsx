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
