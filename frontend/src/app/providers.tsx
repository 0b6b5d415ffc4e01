import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { IntlConfig } from 'react-intl';
import { ToastProvider } from '../components/toast';
import { LanguageProvider, useLanguage } from '../features/language/hooks/use-language';
import { createQueryClient } from '../lib/query-client';
import { cachedCatalogue, loadCatalogue } from './messages';
import type { CatalogueLanguage, Messages } from './messages';

// A missing text falls back to its key; the catalogue parity test is what catches it.
const ignoreMissingTranslations: IntlConfig['onError'] = (error) => {
  if (error.code !== 'MISSING_TRANSLATION') console.error(error);
};

function LocalisedProviders({ children }: { children: ReactNode }) {
  const { language } = useLanguage();
  const [shown, setShown] = useState<{ language: CatalogueLanguage; messages: Messages }>(() => {
    const messages = cachedCatalogue(language);
    return messages ? { language, messages } : { language: 'en', messages: {} };
  });

  useEffect(() => {
    let current = true;
    void loadCatalogue(language).then((messages) => {
      if (current) setShown({ language, messages });
    });
    return () => {
      current = false;
    };
  }, [language]);

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
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <LanguageProvider>
        <LocalisedProviders>{children}</LocalisedProviders>
      </LanguageProvider>
    </QueryClientProvider>
  );
}
