import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { loadCatalogue } from './app/messages';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/routes';
import { LANGUAGE_STORAGE_KEY, toLanguage } from './features/language/hooks/use-language';
import './components/theme.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root');

function storedLanguage() {
  try {
    return toLanguage(window.localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return toLanguage(null);
  }
}

// Load the visitor's catalogue before the first paint, so a reload never flashes English.
void loadCatalogue(storedLanguage())
  .catch(() => undefined)
  .then(() => {
    createRoot(root).render(
      <StrictMode>
        <BrowserRouter>
          <AppProviders>
            <AppRoutes />
          </AppProviders>
        </BrowserRouter>
      </StrictMode>,
    );
  });
