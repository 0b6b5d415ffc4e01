import { useIntl } from 'react-intl';
import { nextLanguage, useLanguage } from '../hooks/use-language';
import { Flag } from './flag';

/** A fixed button at the top right that cycles en → it → ro → en. */
export function LanguageSwitcher() {
  const intl = useIntl();
  const { language, setLanguage } = useLanguage();
  const next = nextLanguage(language);
  return (
    <button
      type="button"
      className="language-switcher"
      onClick={() => setLanguage(next)}
      // SPEC fixes these labels in English whatever the current language, so they are spoken as English.
      lang="en"
      aria-label={intl.formatMessage({ id: `language.switchTo.${next}` })}
    >
      <Flag language={language} />
      <span aria-hidden="true">{language.toUpperCase()}</span>
    </button>
  );
}
