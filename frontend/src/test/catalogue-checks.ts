import { parse } from '@formatjs/icu-messageformat-parser';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** A catalogue in each language: English is the reference the others follow. */
export type Catalogues = Record<'en' | 'it' | 'ro', Record<string, string>>;

/** The source files below `dir` (tests left out), where the texts' keys are named. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

function argumentsOf(message: string): string[] {
  return [...message.matchAll(/\{\s*([a-zA-Z]+)\s*[,}]/g)].map((match) => match[1]!).sort();
}

/**
 * The checks every catalogue meets, as tests: Italian and Romanian have exactly English's keys;
 * every message is valid ICU and not empty; and (`sameArguments`) each translation takes the
 * arguments its English does.
 */
export function itKeepsLanguagesEqual(
  catalogues: Catalogues,
  { sameArguments = true }: { sameArguments?: boolean } = {},
) {
  const { en } = catalogues;
  it.each(['it', 'ro'] as const)('%s has exactly the keys of en', (language) => {
    const missing = Object.keys(en).filter((key) => !(key in catalogues[language]));
    const extra = Object.keys(catalogues[language]).filter((key) => !(key in en));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(Object.keys(catalogues))('every %s message is valid ICU and not empty', (language) => {
    for (const [key, message] of Object.entries(catalogues[language as keyof Catalogues])) {
      expect(`${key}: ${message.trim() ? 'ok' : 'empty'}`).toBe(`${key}: ok`);
      expect(() => parse(message)).not.toThrow();
    }
  });

  if (sameArguments) {
    it.each(['it', 'ro'] as const)('%s uses the same arguments as en', (language) => {
      const differing = Object.keys(en).filter(
        (key) =>
          JSON.stringify(argumentsOf(catalogues[language][key] ?? '')) !==
          JSON.stringify(argumentsOf(en[key]!)),
      );
      expect(differing).toEqual([]);
    });
  }
}
