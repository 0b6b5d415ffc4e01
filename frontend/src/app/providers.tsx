import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { IntlConfig } from 'react-intl';
import { ToastProvider } from '../components/toast';
import { LanguageProvider, useLanguage } from '../features/language/hooks/use-language';
import type { Language } from '../features/language/hooks/use-language';
import { createQueryClient } from '../lib/query-client';
import { cachedCatalogue, loadCatalogue } from './messages';
import type { CatalogueLanguage, Messages } from './messages';

// A missing text falls back to its key; the catalogue parity test is what catches it.
const ignoreMissingTranslations: IntlConfig['onError'] = (error) => {
  if (error.code !== 'MISSING_TRANSLATION') console.error(error);
};

function LocalisedProviders({ children }: { children: ReactNode }) {
  const { language } = useLanguage();
  const cached = cachedCatalogue(language);
  const [previous, setPrevious] = useState<{ language: CatalogueLanguage; messages: Messages }>(
    () => ({ language: 'en', messages: cachedCatalogue('en') ?? {} }),
  );
  if (cached && previous.language !== language) setPrevious({ language, messages: cached });
  const [, setLoads] = useState(0);

  useEffect(() => {
    if (cachedCatalogue(language)) return;
    let current = true;
    void loadCatalogue(language).then(() => {
      if (current) setLoads((count) => count + 1);
    });
    return () => {
      current = false;
    };
  }, [language]);

  const shown = cached ? { language, messages: cached } : previous;

  // Until a catalogue arrives the previous language stays on screen, so nothing flashes.
  return (
    <IntlProvider
      locale={shown.language}
      defaultLocale="en"
      messages={shown.messages}
      onError={ignoreMissingTranslations}
    >
      <ToastProvider>{children}</ToastProvider>
    </IntlProvider>
  );
}

export function AppProviders({
  children,
  queryClient,
  language,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  /** Set when prerendering a page in one language; the browser reads the stored one. */
  language?: Language;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <LanguageProvider prepare={loadCatalogue} initialLanguage={language}>
        <LocalisedProviders>{children}</LocalisedProviders>
      </LanguageProvider>
    </QueryClientProvider>
  );
}
