import { parse } from '@formatjs/icu-messageformat-parser';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The source files below a folder that may name message ids (its tests left out). */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** The names of a message's arguments, `{name}` or `{name, plural, …}`, sorted. */
function argumentsOf(message: string): string[] {
  return [...message.matchAll(/\{\s*([a-zA-Z]+)\s*[,}]/g)].map((match) => match[1]!).sort();
}

/**
 * What every set of catalogues (en, it, ro) must hold: the same keys and arguments in each
 * language, valid ICU messages, and translations rather than copies of the English, apart from
 * the keys `sameAllowed` names (names, numbers, words the languages share).
 */
export function itHoldsTheCatalogueRules(
  catalogues: Record<string, Record<string, string>>,
  sameAllowed: RegExp,
) {
  const { en, ...translations } = catalogues as { en: Record<string, string> };
  const languages = Object.keys(translations);

  it.each(languages)('%s has exactly the keys of en', (language) => {
    const missing = Object.keys(en).filter((key) => !(key in catalogues[language]!));
    const extra = Object.keys(catalogues[language]!).filter((key) => !(key in en));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(Object.keys(catalogues))('every %s message is valid ICU and not empty', (language) => {
    for (const [key, message] of Object.entries(catalogues[language]!)) {
      expect(`${key}: ${message.trim() ? 'ok' : 'empty'}`).toBe(`${key}: ok`);
      expect(() => parse(message)).not.toThrow();
    }
  });

  it.each(languages)('%s uses the same arguments as en', (language) => {
    const differing = Object.keys(en).filter(
      (key) =>
        JSON.stringify(argumentsOf(catalogues[language]![key] ?? '')) !==
        JSON.stringify(argumentsOf(en[key]!)),
    );
    expect(differing).toEqual([]);
  });

  it.each(languages)('%s translates rather than copies English', (language) => {
    const same = Object.keys(en).filter(
      (key) => catalogues[language]![key] === en[key] && !sameAllowed.test(key),
    );
    expect(same).toEqual([]);
  });
}
