import { FormattedMessage, useIntl } from 'react-intl';
import { nextLanguage, useLanguage } from '../hooks/use-language';
import { Flag } from './flag';

/** A fixed button at the top right that cycles en → it → ro → en. */
export function LanguageSwitcher() {
  const intl = useIntl();
  const { language, setLanguage, unavailable } = useLanguage();
  const next = nextLanguage(language);
  return (
    <>
      <button
        type="button"
        className="language-switcher"
        onClick={() => setLanguage(next)}
        // SPEC fixes these labels in English whatever the current language, so they are spoken as English.
        lang="en"
        aria-label={intl.formatMessage({ id: `language.switchTo.${next}` })}
      >
        <Flag language={language} />
        {/* SPEC fixes both the visible code and a label that does not contain it; the code is
          drawn by CSS so the button's name is exactly SPEC's label (see the report on 2.5.3). */}
        <span className="language-switcher__code" data-code={language.toUpperCase()} />
      </button>
      <p className="language-switcher__notice" role="status">
        {unavailable && (
          <FormattedMessage
            id="language.unavailable"
            values={{ language: intl.formatMessage({ id: `language.name.${unavailable}` }) }}
          />
        )}
      </p>
    </>
  );
}
