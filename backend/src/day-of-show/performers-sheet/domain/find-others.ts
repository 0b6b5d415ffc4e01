import type { Locale } from '../../../common/locale';
import {
  calendarWords,
  namesNoPerson,
  nameLike,
  NETWORKS,
  PLACES,
  RELATIONS,
  SAINTS,
  TITLES,
} from './contexts';
import type { Author } from './find-author';
import type { Found } from './found';
import { lexicon, type Lexicon } from './lexicon';
import { hasUpperCase, joined, joinedRuns, splitWords, type Word } from './words';

/**
 * What points at someone other than the author, marked as suspected for the reviewer: people's
 * names (after a title or a relation, a first name of the name lists, a capitalised word the
 * dictionary does not know), street addresses, workplaces. Sure forms are replaced: an address
 * with its number, a company with its legal form.
 */

/** Whether a capitalised word may begin or go on a person's name here. */
function personWord(word: Word, known: Lexicon, language: Locale): boolean {
  if (!word.capitalised || [...word.text].length < 2) return false;
  if (calendarWords(language).has(word.folded)) return false;
  if (TITLES[language].has(word.folded) || SAINTS.has(word.folded)) return false;
  if (PLACES[language].has(word.folded) || NETWORKS.test(word.folded)) return false;
  const first = known.firstNames.has(word.folded);
  const last = known.lastNames.has(word.folded);
  const ordinary = known.words.hasLowerCase(word.text);
  if (word.sentenceStart) {
    // A capital at a sentence's start says nothing: a name only if no ordinary word reads so.
    return (first || last || !known.words.has(word.text)) && !ordinary;
  }
  if (first || last) return true;
  // Unknown to the dictionary, in any case: not a word of the language.
  return !known.words.has(word.text);
}

/** After a title or a relation ("Dr", "my sister"): what follows names a person. */
function cuedAt(text: string, words: readonly Word[], index: number, language: Locale): boolean {
  const word = words[index];
  const before = words[index - 1];
  return (
    before !== undefined &&
    /^[\s.,]*$/u.test(text.slice(before.end, word.start)) &&
    (TITLES[language].has(before.folded) || RELATIONS[language].has(before.folded))
  );
}

function findPeople(text: string, known: Lexicon, language: Locale): Found[] {
  const words = splitWords(text);
  const found: Found[] = [];
  const caseMatters = hasUpperCase(text);
  const starts = (word: Word, index: number) => {
    const cued = cuedAt(text, words, index, language);
    return (
      (caseMatters
        ? word.capitalised
        : known.firstNames.has(word.folded) && !known.words.hasLowerCase(word.text)) &&
      (personWord(word, known, language) ||
        (cued && word.capitalised && nameLike(word, known, language)) ||
        (cued &&
          word.capitalised &&
          !word.sentenceStart &&
          !calendarWords(language).has(word.folded)))
    );
  };
  // A surname: a name of the lists, a word the dictionary does not know, or one it knows only
  // capitalised (Simmons, Fraser; Eminescu too: someone famous is flagged, and kept by the
  // reviewer, rather than a neighbour missed).
  const surname = (word: Word) =>
    word.capitalised &&
    (nameLike(word, known, language) ||
      (!word.sentenceStart && known.words.hasProperNoun(word.text))) &&
    !PLACES[language].has(word.folded);
  for (const { first, last } of joinedRuns(text, words, starts, surname)) {
    const word = words[first];
    const cued = cuedAt(text, words, first, language);
    if (!cued && namesNoPerson(text, words, word.index, last, known, language)) continue;
    // After a title the name is a person's, unless a place noun follows ("Mr Bean Street").
    const next = words[last + 1];
    if (cued && next && joined(text, words[last], next) && PLACES[language].has(next.folded)) {
      continue;
    }
    found.push({
      start: word.start,
      end: words[last].end,
      kind: 'suspected',
      category: 'other-person',
      person: word.folded,
    });
  }
  return found;
}

const CAPITALISED = String.raw`\p{Lu}[\p{L}\p{M}'’.-]*`;
const NUMBER = String.raw`\d{1,4}[A-Za-z]?(?:\/\d{1,4}[A-Za-z]?)?`;

/** Street addresses with a number: the street's noun, its name, the number, the flat. */
const ADDRESSES: Record<Locale, RegExp> = {
  en: new RegExp(
    String.raw`(?<![\p{L}\p{N}])(?:(?:flat|apartment|apt)\.?\s*\d+[A-Za-z]?,?\s*)?${NUMBER},?\s+(?:${CAPITALISED}\s+){1,3}(?:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Drive|Close|Way|Crescent|Terrace|Place|Gardens|Court|Grove|Row|Square|Boulevard|Blvd|Mews|Hill|Walk)\b\.?(?:,?\s*[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})?|(?<![\p{L}\p{N}])(?:flat|apartment|apt)\.?\s*\d+[A-Za-z]?\b`,
    'giu',
  ),
  it: new RegExp(
    String.raw`(?<![\p{L}\p{N}])(?:via|viale|vico|piazza|piazzale|corso|vicolo|largo|strada|contrada|borgo)\s+(?:(?:${CAPITALISED}|dei|del|della|delle|di|degli|de|d['’])\s*){1,5},?\s*(?:n\.?\s*|numero\s+)?${NUMBER}(?:\s*,?\s*(?:scala|interno|int\.|piano)\s*[\p{L}\d]+)*`,
    'giu',
  ),
  ro: new RegExp(
    String.raw`(?<![\p{L}\p{N}])(?:strada|str\.|bulevardul|bd\.|b-dul|calea|aleea|șoseaua|soseaua|splaiul|intrarea|piața|piata)\s*(?:(?:${CAPITALISED}|de|lui|cu)\s*){1,5},?\s*(?:nr\.?|numărul|numarul)?\s*${NUMBER}(?:\s*,?\s*(?:bl(?:oc(?:ul)?)?\.?|sc(?:ara)?\.?|et(?:aj(?:ul)?)?\.?|ap(?:artament(?:ul)?)?\.?)\s*[\p{L}\d]+)*|(?<![\p{L}\p{N}])(?:blocul|bl\.)\s*[\p{L}\d]+(?:\s*,?\s*(?:sc(?:ara)?\.?|et(?:aj(?:ul)?)?\.?|ap(?:artament(?:ul)?)?\.?)\s*[\p{L}\d]+)+`,
    'giu',
  ),
};

/** A street named after where someone lives, without a number: suspected. */
const LIVES: Record<Locale, RegExp> = {
  en: new RegExp(
    String.raw`\b(?:live|lives|lived|living|moved|stay|stays|staying|house|flat)\s+(?:on|at|in|to)\s+((?:${CAPITALISED}\s+){1,3}(?:Street|St|Road|Rd|Avenue|Ave|Lane|Drive|Close|Way|Crescent|Terrace|Place|Gardens|Court|Grove|Row|Square|Boulevard|Mews|Hill|Walk)\b)`,
    'gu',
  ),
  it: new RegExp(
    String.raw`\b(?:abito|abita|abitava|abitavo|vivo|vive|viveva|vivevo|casa|trasferit[oaie])\s+(?:in|a|al|alla|sul|sulla)\s+((?:via|viale|piazza|corso|vicolo|largo|strada)\s+(?:(?:${CAPITALISED}|dei|del|della|delle|di|degli)\s*){1,4})`,
    'giu',
  ),
  ro: new RegExp(
    String.raw`\b(?:locuiesc|locuiește|locuia|locuiam|stau|stă|stătea|stateam|mutat|mutată|casa)\s+(?:pe|în|in|la)\s+((?:strada|str\.|bulevardul|calea|aleea|șoseaua|soseaua|intrarea)\s*(?:(?:${CAPITALISED}|de|lui)\s*){1,4})`,
    'giu',
  ),
};

/** A company by its legal form: replaced. */
const COMPANY = new RegExp(
  String.raw`(?:\p{Lu}[\p{L}\p{N}&'’-]*\s+){1,4}(?:SRL|S\.R\.L\.|SA|S\.A\.|SpA|S\.p\.A\.|Srl|srl|Ltd\.?|LLC|Inc\.?|GmbH|PLC|plc)(?![\p{L}])`,
  'gu',
);

/** Where someone works, after the words that say so: suspected. */
const WORKS: Record<Locale, RegExp> = {
  en: new RegExp(
    String.raw`\b(?:[Ww]ork|[Ww]orks|[Ww]orked|[Ww]orking|job|employed|intern|interning|shift|shifts|colleagues)\s+(?:at|for|in)\s+(?:the\s+)?((?:\p{Lu}[\p{L}\p{N}&'’-]*)(?:\s+(?:&\s+)?\p{Lu}[\p{L}\p{N}&'’-]*){0,3})`,
    'gu',
  ),
  it: new RegExp(
    String.raw`\b(?:[Ll]avoro|[Ll]avora|[Ll]avoravo|[Ll]avorava|[Ll]avorato|[Ll]avorare|impiegat[oa]|stage|tirocinio|turno|colleghi|colleghe)\s+(?:da|alla|al|allo|all['’]|presso|per|in|nella|nel|dalla|dal|di|della|del|alle)\s*((?:\p{Lu}[\p{L}\p{N}&'’-]*)(?:\s+(?:&\s+)?\p{Lu}[\p{L}\p{N}&'’-]*){0,3})`,
    'gu',
  ),
  ro: new RegExp(
    String.raw`\b(?:[Ll]ucrez|[Ll]ucrează|[Ll]ucra|[Ll]ucram|[Ll]ucrat|[Mm]uncesc|[Mm]uncea|[Mm]unceam|angajat|angajată|angajata|jobul|job|tura|colegii|colegele)\s+(?:meu\s+)?(?:la|pentru|în|in|de\s+la)\s+((?:\p{Lu}[\p{L}\p{M}\p{N}&'’-]*)(?:\s+(?:&\s+)?\p{Lu}[\p{L}\p{M}\p{N}&'’-]*){0,3})`,
    'gu',
  ),
};

function matches(text: string, pattern: RegExp, group = 0): { start: number; end: number }[] {
  const found = [];
  for (const match of text.matchAll(pattern)) {
    const value = match[group];
    if (!value) continue;
    const start = match.index + match[0].indexOf(value);
    const trimmed = value.replace(/[\s,.;:]+$/u, '');
    found.push({ start, end: start + trimmed.length });
  }
  return found;
}

export function findOthers(text: string, author: Author, language: Locale): Found[] {
  void author;
  const known = lexicon(language);
  const found: Found[] = [...findPeople(text, known, language)];
  for (const span of matches(text, ADDRESSES[language])) {
    found.push({ ...span, kind: 'replaced', category: 'address' });
  }
  for (const span of matches(text, LIVES[language], 1)) {
    found.push({ ...span, kind: 'suspected', category: 'address' });
  }
  for (const span of matches(text, COMPANY)) {
    found.push({ ...span, kind: 'replaced', category: 'workplace' });
  }
  for (const span of matches(text, WORKS[language], 1)) {
    found.push({ ...span, kind: 'suspected', category: 'workplace' });
  }
  return found;
}
