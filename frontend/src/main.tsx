import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { loadCatalogue } from './app/messages';
import { readPrerenderedData } from './app/prerendered-page';
import { AppProviders } from './app/providers';
import {
  AppRoutes,
  prefetchPageData,
  preloadPageCode,
  preloadPageCodeOnIntent,
} from './app/routes';
import {
  readStoredLanguage,
  rememberLanguageForServer,
} from './features/language/hooks/use-language';
import { eventsQuery } from './lib/catalogue';
import { createQueryClient } from './lib/query-client';
import './components/theme.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root');

const language = readStoredLanguage();
rememberLanguageForServer(language);
const prerendered = readPrerenderedData();
// A page prerendered in this language is on screen already, and React takes it over; any other
// is drawn by the browser.
const hydrates = prerendered?.language === language && root.firstElementChild !== null;
const queryClient = createQueryClient();
// While the catalogue loads, the page's own data is already on its way.
prefetchPageData(window.location, queryClient);

// Load the visitor's catalogue before the first render, so a reload never flashes English; a
// page drawn by the browser waits for its code too (fetched meanwhile), so that it is drawn at
// once rather than behind a loading text held on screen for React's reveal.
void Promise.all([
  loadCatalogue(language).catch(() => undefined),
  hydrates ? undefined : preloadPageCode(window.location),
]).then(() => {
  const app = (
    <StrictMode>
      <BrowserRouter>
        <AppProviders queryClient={queryClient}>
          <AppRoutes />
        </AppProviders>
      </BrowserRouter>
    </StrictMode>
  );
  if (prerendered && hydrates) {
    // The page was prerendered in this language (see scripts/prerender.mjs): it is already
    // on screen, and React takes it over with the data it was rendered from.
    queryClient.setQueryData(eventsQuery.queryKey, prerendered.events);
    // As a transition, React hydrates in slices of a few milliseconds and lets the browser
    // paint and answer input between them, instead of one long task (Lighthouse's total
    // blocking time); a click on a part not yet hydrated hydrates that part first.
    startTransition(() => {
      hydrateRoot(root, app, {
        onRecoverableError: (error) => console.warn('Rendered again in the browser', error),
      });
    });
    // The tour may have changed since the build: ask the server once, behind the page.
    void queryClient.invalidateQueries({ queryKey: eventsQuery.queryKey });
  } else {
    root.replaceChildren();
    const page = createRoot(root);
    // In slices too: the first render of a page that was not prerendered.
    startTransition(() => page.render(app));
  }
  preloadPageCodeOnIntent(document);
});
