import type { Locale } from '../../../common/locale';

/**
 * What the anonymiser finds in a dream, by what it points at. The `author-*` categories are the
 * registrant's own details as the site knows them (name, email, phone) or as the dream gives them
 * (a handle); the others point at someone or somewhere else.
 */
export const SPAN_CATEGORIES = [
  'author-name',
  'author-email',
  'author-phone',
  'author-handle',
  'other-person',
  'email',
  'phone',
  'web',
  'handle',
  'address',
  'workplace',
  'plate',
] as const;

export type SpanCategory = (typeof SPAN_CATEGORIES)[number];

/** Sure: replaced by the anonymiser. Suspected: marked, and the reviewer answers it. */
export const SPAN_KINDS = ['replaced', 'suspected'] as const;
export type SpanKind = (typeof SPAN_KINDS)[number];

/** A reviewer's answer to a suspicion: replace it with its neutral words, or keep it. */
export const SUSPICION_ANSWERS = ['replace', 'keep'] as const;
export type SuspicionAnswer = (typeof SUSPICION_ANSWERS)[number];

/**
 * A neutral replacement in two forms: `article` where the sentence has no determiner before it
 * ("call a phone number"), `bare` after one ("chiamami al numero di telefono", "my phone number"),
 * so that the words keep the sentence's grammar.
 */
export interface NeutralWords {
  article: string;
  bare: string;
}

type Detail = Exclude<SpanCategory, 'author-name' | 'other-person'>;

/**
 * People are replaced by initials, which fit every case of every language ("della X.", "nunta
 * lui X.", "Mr X."): the author is X., the other people A., B., C… in the order the dream names
 * them, the same person the same letter.
 */
export const AUTHOR_INITIAL = 'X.';
export const OTHER_INITIALS = 'ABCDEFGHJKLMNPQRSTUVWZ';

/** The details the author's own ones read as: their email is an email address like any other. */
const AUTHOR_DETAILS = {
  'author-email': 'email',
  'author-phone': 'phone',
  'author-handle': 'handle',
} as const satisfies Record<Exclude<Detail, OtherDetail>, OtherDetail>;

type OtherDetail = Exclude<Detail, `author-${string}`>;

/**
 * The neutral words for the other details, in the dream's language. One catalogue per language,
 * the same keys in each (the type makes a missing one a compile error).
 */
const OTHER_DETAILS_WORDS: Record<Locale, Record<OtherDetail, NeutralWords>> = {
  en: {
    email: { article: 'an email address', bare: 'email address' },
    phone: { article: 'a phone number', bare: 'phone number' },
    web: { article: 'a website', bare: 'website' },
    handle: { article: 'an account', bare: 'account' },
    address: { article: 'a street', bare: 'street' },
    workplace: { article: 'a workplace', bare: 'workplace' },
    plate: { article: 'a number plate', bare: 'number plate' },
  },
  it: {
    email: { article: 'un indirizzo email', bare: 'indirizzo email' },
    phone: { article: 'un numero di telefono', bare: 'numero di telefono' },
    web: { article: 'un sito web', bare: 'sito web' },
    handle: { article: 'un profilo', bare: 'profilo' },
    address: { article: 'una via', bare: 'via' },
    workplace: { article: 'un posto di lavoro', bare: 'posto di lavoro' },
    plate: { article: 'una targa', bare: 'targa' },
  },
  ro: {
    email: { article: 'o adresă de email', bare: 'adresă de email' },
    phone: { article: 'un număr de telefon', bare: 'număr de telefon' },
    web: { article: 'un site web', bare: 'site web' },
    handle: { article: 'un cont', bare: 'cont' },
    address: { article: 'o stradă', bare: 'stradă' },
    workplace: { article: 'un loc de muncă', bare: 'loc de muncă' },
    plate: { article: 'un număr de înmatriculare', bare: 'număr de înmatriculare' },
  },
};

/** Every detail's neutral words, the author's own read as the same kind of detail's. */
export const NEUTRAL_WORDS = Object.fromEntries(
  Object.entries(OTHER_DETAILS_WORDS).map(([locale, words]) => [
    locale,
    {
      ...words,
      ...Object.fromEntries(
        Object.entries(AUTHOR_DETAILS).map(([detail, like]) => [detail, words[like]]),
      ),
    },
  ]),
) as Record<Locale, Record<Detail, NeutralWords>>;

/**
 * Words after which a replacement takes its bare form: determiners, possessives and Italian
 * prepositions joined with an article (al, della, sul…), folded (no accents, lower case).
 */
export const DETERMINERS: Record<Locale, ReadonlySet<string>> = {
  en: new Set([
    'a',
    'an',
    'the',
    'my',
    'your',
    'his',
    'her',
    'our',
    'their',
    'its',
    'this',
    'that',
  ]),
  it: new Set(
    `il lo la l i gli le un uno una un al allo alla all ai agli alle del dello della dell dei degli delle
     dal dallo dalla dall nel nello nella nell sul sullo sulla sull mio mia tuo tua suo sua nostro nostra
     questo questa quel quello quella`.split(/\s+/),
  ),
  ro: new Set(['un', 'o', 'acest', 'aceasta', 'acel', 'acea', 'acelasi', 'aceeasi']),
};
