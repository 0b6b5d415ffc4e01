import type { Locale } from '../../../common/locale';
import type { Lexicon } from './lexicon';
import { joined, possessiveAfter, type Word } from './words';

/**
 * The words around a name that tell what it names, per language (folded). These are a few
 * words of each language's grammar, not names: the titles and kin before a person's name, the
 * saints' titles, the nouns of streets and places that a name follows or precedes.
 */
export const TITLES: Record<Locale, ReadonlySet<string>> = {
  en: new Set(
    'mr mrs ms miss mx dr doctor prof professor aunt auntie uncle grandma granny nan nana grandpa grandad sir madam lady lord'.split(
      ' ',
    ),
  ),
  it: new Set(
    'signor signore signora signorina sig sigra dott dottor dottore dottoressa prof professore professoressa zio zia nonno nonna don maestro maestra avvocato ingegner ingegnere cugino cugina compare comare'.split(
      ' ',
    ),
  ),
  ro: new Set(
    'domnul domnului doamna doamnei domnisoara domnisoarei dl dna dra doctorul doctorita dr profesorul profesoara prof tanti nenea nea matusa unchiul bunica bunicul verisoara varul coana cucoana lui'.split(
      ' ',
    ),
  ),
};

/** Kin and the people of a life before a name: "my friend Luca", "mama Elena", "la vicina Rosa". */
export const RELATIONS: Record<Locale, ReadonlySet<string>> = {
  en: new Set(
    'friend neighbour neighbor sister brother boss manager colleague cousin wife husband partner boyfriend girlfriend son daughter mum mom dad mother father niece nephew teacher ex roommate flatmate'.split(
      ' ',
    ),
  ),
  it: new Set(
    'amico amica madre padre mamma papa sorella fratello vicino vicina collega moglie marito ragazzo ragazza figlio figlia capo cugino cugina nipote maestra compagno compagna ex coinquilino coinquilina'.split(
      ' ',
    ),
  ),
  ro: new Set(
    'mama tata mamei tatal sora fratele fratelui prietenul prietena prietenei prietenului colegul colega vecinul vecina vecinei sotul sotia iubitul iubita fiul fiica seful sefa verisorul nepotul nepoata fostul fosta invatatoarea invatatorul diriginta dirigintele'.split(
      ' ',
    ),
  ),
};

/** Saints: "Sfântul Andrei", "San Giorgio", "Saint Mary". */
export const SAINTS: ReadonlySet<string> = new Set(
  'sfantul sfanta sfintii sf san santa sant santo santi saint st sao'.split(' '),
);

/** The nouns of streets and places, named before or after their name. */
export const PLACES: Record<Locale, ReadonlySet<string>> = {
  en: new Set(
    'street st road rd avenue ave lane drive close way crescent terrace place gardens court grove row square boulevard station bridge park church cathedral hospital school college university hall theatre museum airport tower abbey palace castle island lake river mount'.split(
      ' ',
    ),
  ),
  it: new Set(
    'via viale vico piazza piazzale corso vicolo largo strada contrada borgo stazione chiesa duomo basilica ospedale scuola liceo universita teatro museo ponte porta palazzo castello isola lago fiume monte aeroporto'.split(
      ' ',
    ),
  ),
  ro: new Set(
    'strada str bulevardul bd calea aleea soseaua splaiul intrarea piata gara biserica catedrala spitalul scoala liceul universitatea teatrul muzeul podul parcul palatul castelul lacul raul muntele aeroportul'.split(
      ' ',
    ),
  ),
};

/** Month and weekday names, from the platform's own calendar data: never a person's name. */
const CALENDAR = new Map<Locale, ReadonlySet<string>>();
export function calendarWords(language: Locale): ReadonlySet<string> {
  let words = CALENDAR.get(language);
  if (!words) {
    const set = new Set<string>();
    const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    for (let month = 0; month < 12; month += 1) {
      set.add(
        fold(
          new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' }).format(
            Date.UTC(2024, month, 15),
          ),
        ),
      );
    }
    for (let day = 0; day < 7; day += 1) {
      set.add(
        fold(
          new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
            Date.UTC(2024, 0, 1 + day),
          ),
        ),
      );
    }
    words = set;
    CALENDAR.set(language, words);
  }
  return words;
}

/** A word that names a person in the lexicon: a first or a last name, or one it does not know. */
export function nameLike(word: Word, lexicon: Lexicon, language: Locale): boolean {
  if (!word.capitalised || [...word.text].length < 2) return false;
  if (NETWORKS.test(word.folded)) return false;
  if (calendarWords(language).has(word.folded)) return false;
  if (lexicon.firstNames.has(word.folded) || lexicon.lastNames.has(word.folded)) return true;
  return !lexicon.words.has(word.text);
}

/** Networks whose names are no person's ("pe TikTok", "su Instagram"). */
export const NETWORKS =
  /^(?:instagram|insta|ig|tiktok|twitter|snapchat|snap|telegram|discord|facebook|fb|threads|youtube|twitch|reddit|bluesky|mastodon|whatsapp|linkedin|pinterest|spotify)$/u;

/** A capitalised ordinary word (not a name): "Station", "Ark", "Ave". */
function capitalisedCommon(word: Word, lexicon: Lexicon, language: Locale): boolean {
  return (
    word.capitalised &&
    [...word.text].length >= 2 &&
    !lexicon.firstNames.has(word.folded) &&
    !lexicon.lastNames.has(word.folded) &&
    !TITLES[language].has(word.folded) &&
    lexicon.words.hasLowerCase(word.text)
  );
}

/**
 * Whether the run of capitalised words words[from..to] names a saint, a place or a title rather
 * than a person: after a saint's title; after a place noun ("via Garibaldi", "Gara de Nord"); or
 * before a capitalised ordinary word or a place noun, possessive or not ("Victoria Station",
 * "Noah's Ark"); or after a capitalised ordinary word inside a sentence ("l'Ave Maria").
 */
export function namesNoPerson(
  text: string,
  words: readonly Word[],
  from: number,
  to: number,
  lexicon: Lexicon,
  language: Locale,
): boolean {
  const before = words[from - 1];
  const after = words[to + 1];
  if (before) {
    const between = text.slice(before.end, words[from].start);
    // "Sf. Andrei", "San Giorgio", "via Garibaldi", "Gara de Nord".
    // A full stop between only after an abbreviation (Sf., St., Str.), not a sentence's end.
    const abbreviated = [...before.text].length <= 3 ? /^\.?\s*$/u : /^\s+$/u;
    if (
      abbreviated.test(between) &&
      (SAINTS.has(before.folded) || PLACES[language].has(before.folded))
    ) {
      return true;
    }
    // Inside a sentence, a capitalised word that is no name before it makes a title ("l'Ave
    // Maria", "the Queen Victoria").
    if (
      /^[\s'’]+$/u.test(between) &&
      !words[from].sentenceStart &&
      !before.sentenceStart &&
      before.capitalised &&
      !lexicon.firstNames.has(before.folded) &&
      !lexicon.lastNames.has(before.folded) &&
      !TITLES[language].has(before.folded) &&
      !RELATIONS[language].has(before.folded)
    ) {
      return true;
    }
  }
  if (after) {
    const last = words[to];
    const adjacent = joined(text, last, after) || possessiveAfter(text, last);
    const next = possessiveAfter(text, last) && after.text === 's' ? words[to + 2] : after;
    if (
      adjacent &&
      next &&
      (PLACES[language].has(next.folded) || capitalisedCommon(next, lexicon, language))
    ) {
      return true;
    }
  }
  return false;
}
