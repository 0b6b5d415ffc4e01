import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { faker as fakerEN } from '@faker-js/faker/locale/en';
import { faker as fakerIT } from '@faker-js/faker/locale/it';
import { faker as fakerRO } from '@faker-js/faker/locale/ro';
import type { Locale } from '../../../common/locale';
import { foldWord } from './fold-word';
import { HunspellWords } from './hunspell-words';
import { NICKNAMES } from './nicknames';

/**
 * What the anonymiser knows of each language, from maintained packages: its words (wooorm's
 * Hunspell dictionaries, `dictionary-en`, `dictionary-it`, `dictionary-ro`), and people's first
 * and last names (the locale data of `@faker-js/faker`, the three languages together: a Romanian
 * dream names an Italian friend too), and the nicknames in nicknames.ts. Read once, on first use.
 */
export interface Lexicon {
  words: HunspellWords;
  /** Folded first names of the three languages. */
  firstNames: ReadonlySet<string>;
  /** Folded last names of the three languages. */
  lastNames: ReadonlySet<string>;
}

const dictionaries = new Map<Locale, HunspellWords>();
let names: { firstNames: Set<string>; lastNames: Set<string> } | undefined;

function dictionary(language: Locale): HunspellWords {
  let words = dictionaries.get(language);
  if (!words) {
    const folder = dirname(require.resolve(`dictionary-${language}`));
    words = new HunspellWords(
      readFileSync(join(folder, 'index.aff'), 'utf8'),
      readFileSync(join(folder, 'index.dic'), 'utf8'),
    );
    dictionaries.set(language, words);
  }
  return words;
}

/** Every string of a definition, however faker nests it (by sex, by weight). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // Weighted entries: { value, weight }.
    if (typeof record.value === 'string') return [record.value];
    return Object.values(record).flatMap(strings);
  }
  return [];
}

function peopleNames(): { firstNames: Set<string>; lastNames: Set<string> } {
  if (!names) {
    const firstNames = new Set<string>();
    const lastNames = new Set<string>();
    for (const faker of [fakerEN, fakerIT, fakerRO]) {
      const person = faker.rawDefinitions.person ?? {};
      for (const name of strings(person.first_name)) {
        for (const part of name.split(/[\s-]+/))
          if (part.length > 1) firstNames.add(foldWord(part));
      }
      for (const name of strings(person.last_name)) {
        for (const part of name.split(/[\s-]+/)) if (part.length > 1) lastNames.add(foldWord(part));
      }
    }
    for (const group of Object.values(NICKNAMES).flat()) {
      for (const name of group) firstNames.add(foldWord(name));
    }
    names = { firstNames, lastNames };
  }
  return names;
}

export function lexicon(language: Locale): Lexicon {
  return { words: dictionary(language), ...peopleNames() };
}
