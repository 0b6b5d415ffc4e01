import { languageOfLink, LANGUAGE_STORAGE_KEY, readStoredLanguage } from './use-language';

describe("the language of a page opened from an email's link", () => {
  afterEach(() => {
    window.localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('reads the language the link names, and only a known one', () => {
    expect(languageOfLink('?token=a.b&lang=it')).toBe('it');
    expect(languageOfLink('?lang=ro&token=a.b')).toBe('ro');
    expect(languageOfLink('?token=a.b&lang=de')).toBeUndefined();
    expect(languageOfLink('?token=a.b')).toBeUndefined();
  });

  it("speaks the email's language over the one stored, and keeps it as the visitor's choice", () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    window.history.replaceState(null, '', '/cancel?token=a.b&lang=it');
    expect(readStoredLanguage()).toBe('it');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('it');
    window.history.replaceState(null, '', '/offer?token=a.b');
    expect(readStoredLanguage()).toBe('it');
  });
});
