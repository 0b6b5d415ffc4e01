import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import en from './en.json';
import italian from './it.json';
import romanian from './ro.json';
import { itKeepsLanguagesEqual, sourceFiles } from '../../test/catalogue-checks';

describe('door catalogues', () => {
  itKeepsLanguagesEqual({ en, it: italian, ro: romanian });

  it('keeps only door.* keys', () => {
    expect(Object.keys(en).filter((key) => !key.startsWith('door.'))).toEqual([]);
  });

  it('has every door key the door and the console name', () => {
    const used = new Set<string>();
    const sources = [
      join(__dirname, '../../features/door'),
      join(__dirname, '../../app/command-center'),
    ];
    for (const file of sources.flatMap(sourceFiles)) {
      // The door's storage keys (`…_KEY = 'door.lists'`) read alike and are no texts.
      const text = readFileSync(file, 'utf8').replace(/_KEY = '[^']*'/g, '');
      for (const match of text.matchAll(/['"`](door\.[a-zA-Z0-9.]+)['"`]/g)) {
        used.add(match[1]!);
      }
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((key) => !(key in en))).toEqual([]);
  });
});
