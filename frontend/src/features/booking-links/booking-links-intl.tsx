import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { FormattedMessage, IntlProvider, useIntl } from 'react-intl';
import type { IntlConfig } from 'react-intl';
import { withRetries } from '../../lib/lazy-page';

type Language = 'en' | 'it' | 'ro';
type Messages = Record<string, string>;

/**
 * The texts of the pages an email's link opens (cancel, offer, move, hand on): a catalogue of
 * their own (lang/booking-links/), so the home page does not carry them before its first render.
 * Each language loads when a page first asks for it.
 */
const loaded: Partial<Record<Language, Messages>> = {};

function languageOf(locale: string): Language {
  return locale === 'it' || locale === 'ro' ? locale : 'en';
}

async function importCatalogue(language: Language): Promise<Messages> {
  switch (language) {
    case 'it':
      return (await import('../../lang/booking-links/it.json')).default;
    case 'ro':
      return (await import('../../lang/booking-links/ro.json')).default;
    default:
      return (await import('../../lang/booking-links/en.json')).default;
  }
}

/** The site's catalogue with the booking links' own merged over it, for the page inside. */
export function BookingLinksIntl({ children }: { children: ReactNode }) {
  const site = useIntl();
  const language = languageOf(site.locale);
  const [shown, setShown] = useState<{ language: Language; messages: Messages } | undefined>(() => {
    const messages = loaded[language];
    return messages && { language, messages };
  });

  useEffect(() => {
    if (shown?.language === language) return undefined;
    let current = true;
    void withRetries(() => importCatalogue(language)).then((messages) => {
      loaded[language] = messages;
      if (current) setShown({ language, messages });
    });
    return () => {
      current = false;
    };
  }, [language, shown?.language]);

  const messages = useMemo(
    () => (shown ? ({ ...site.messages, ...shown.messages } as IntlConfig['messages']) : undefined),
    [site.messages, shown],
  );

  if (!messages) {
    return (
      <p className="page-loading" role="status">
        <FormattedMessage id="common.loading" />
      </p>
    );
  }
  return (
    <IntlProvider locale={site.locale} defaultLocale="en" messages={messages}>
      {children}
    </IntlProvider>
  );
}
