import type { Locale } from '../../../common/locale';

/** What the anonymiser takes out of a dream. */
export const REPLACEMENT_KINDS = ['name', 'email', 'phone', 'web', 'handle'] as const;

export type ReplacementKind = (typeof REPLACEMENT_KINDS)[number];

/**
 * The neutral words the performers' sheet puts where a personal detail was, in the dream's
 * language. One catalogue per language, the same keys in each (the type makes a missing one a
 * compile error).
 */
export const NEUTRAL_WORDS: Record<Locale, Record<ReplacementKind, string>> = {
  en: {
    name: 'someone',
    email: 'an email address',
    phone: 'a phone number',
    web: 'a website',
    handle: 'an account',
  },
  it: {
    name: 'qualcuno',
    email: 'un indirizzo email',
    phone: 'un numero di telefono',
    web: 'un sito web',
    handle: 'un account',
  },
  ro: {
    name: 'cineva',
    email: 'o adresă de email',
    phone: 'un număr de telefon',
    web: 'un site web',
    handle: 'un cont',
  },
};
