import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';

export const LANGUAGES = ['en', 'it', 'ro'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'language';

/** Any value that is not a known language (including none) reads as English. */
export function toLanguage(value: string | null | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '')
    ? (value as Language)
    : DEFAULT_LANGUAGE;
}

/** en → it → ro → en. */
export function nextLanguage(language: Language): Language {
  return LANGUAGES[(LANGUAGES.indexOf(language) + 1) % LANGUAGES.length] ?? DEFAULT_LANGUAGE;
}

/**
 * The stored language is the visitor's choice (localStorage, per SPEC); a cookie mirrors it so
 * the server can send the page prerendered in that language.
 */
export function rememberLanguageForServer(language: Language): void {
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${language}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * The language a link from an email names (`?lang=it`: the email's language), if it names a
 * known one: the page opened from the email speaks it, and it becomes the visitor's choice.
 */
export function languageOfLink(search: string): Language | undefined {
  const named = new URLSearchParams(search).get('lang');
  return (LANGUAGES as readonly string[]).includes(named ?? '') ? (named as Language) : undefined;
}

/** The visitor's language: the one their email's link names, else the one they chose. */
export function readStoredLanguage(): Language {
  const linked = typeof window === 'undefined' ? undefined : languageOfLink(window.location.search);
  try {
    if (linked) window.localStorage.setItem(LANGUAGE_STORAGE_KEY, linked);
    return linked ?? toLanguage(window.localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return linked ?? DEFAULT_LANGUAGE;
  }
}

interface LanguageState {
  language: Language;
  setLanguage: (language: Language) => void;
  /** The language last asked for whose texts could not be loaded (the page kept its own). */
  unavailable: Language | null;
}

const LanguageContext = createContext<LanguageState | null>(null);

/**
 * `prepare` loads what a language needs (its catalogue) before the switch: the page changes
 * language only once its texts are there, and keeps its own when they cannot be loaded.
 */
export function LanguageProvider({
  children,
  prepare,
  initialLanguage,
}: {
  children: ReactNode;
  prepare?: (language: Language) => Promise<unknown>;
  /** The language to start in (prerendering); otherwise the stored one. */
  initialLanguage?: Language;
}) {
  const [language, setLanguageState] = useState<Language>(
    () => initialLanguage ?? readStoredLanguage(),
  );
  const [unavailable, setUnavailable] = useState<Language | null>(null);

  const setLanguage = useCallback(
    (next: Language) => {
      const apply = () => {
        setUnavailable(null);
        setLanguageState(next);
        rememberLanguageForServer(next);
        try {
          window.localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
        } catch {
          // Storage can be unavailable (private mode); the choice then lasts for this visit.
        }
      };
      if (!prepare) apply();
      else void prepare(next).then(apply, () => setUnavailable(next));
    },
    [prepare],
  );

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  const value = useMemo(
    () => ({ language, setLanguage, unavailable }),
    [language, setLanguage, unavailable],
  );
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageState {
  const state = useContext(LanguageContext);
  if (!state) throw new Error('useLanguage must be used inside LanguageProvider');
  return state;
}
