import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import type { IntlConfig } from 'react-intl';
import { cachedAdminCatalogue, loadAdminCatalogue, toAdminLanguage } from './admin-catalogue';
import type { AdminLanguage } from './admin-catalogue';

// A missing text falls back to its key; the admin catalogue parity test is what catches it.
const ignoreMissingTranslations: IntlConfig['onError'] = (error) => {
  if (error.code !== 'MISSING_TRANSLATION') console.error(error);
};

/**
 * The site's catalogue in the visitor's language, with the Command Center's own catalogue (loaded
 * with the /admin route) merged over it for the admin subtree.
 */
export function AdminIntlProvider({ children }: { children: ReactNode }) {
  const site = useIntl();
  const language = toAdminLanguage(site.locale);
  const [shown, setShown] = useState<{
    language: AdminLanguage;
    messages: Record<string, unknown>;
  }>(() => {
    const messages = cachedAdminCatalogue(language);
    return messages
      ? { language, messages }
      : { language: 'en', messages: cachedAdminCatalogue('en') ?? {} };
  });

  useEffect(() => {
    let current = true;
    void loadAdminCatalogue(language).then((messages) => {
      if (current) setShown({ language, messages });
    });
    return () => {
      current = false;
    };
  }, [language]);

  const messages = useMemo(
    () => ({ ...site.messages, ...shown.messages }) as IntlConfig['messages'],
    [site.messages, shown.messages],
  );

  return (
    <IntlProvider
      locale={site.locale}
      defaultLocale="en"
      messages={messages}
      onError={ignoreMissingTranslations}
    >
      {children}
    </IntlProvider>
  );
}
