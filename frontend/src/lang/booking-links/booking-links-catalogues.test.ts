import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import en from './en.json';
import italian from './it.json';
import romanian from './ro.json';
import { itHoldsTheCatalogueRules, sourceFiles } from '../../test/catalogues';

const catalogues: Record<string, Record<string, string>> = { en, it: italian, ro: romanian };
const PREFIXES = /^(cancelPage|offerPage|moveBooking|handOnBooking|changeBooking)\./;

describe('booking links catalogues', () => {
  itHoldsTheCatalogueRules(catalogues, /^$/);

  it('keeps only the texts of the pages an email links to', () => {
    expect(Object.keys(en).filter((key) => !PREFIXES.test(key))).toEqual([]);
  });

  it('has every key those pages name, and the pages alone name them', () => {
    const byFeature = new Set<string>();
    const elsewhere: string[] = [];
    const feature = join(__dirname, '../../features/booking-links');
    for (const file of sourceFiles(join(__dirname, '../..'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(
        /['"`]((?:cancelPage|offerPage|moveBooking|handOnBooking|changeBooking)\.[a-zA-Z0-9.]+)['"`]/g,
      )) {
        if (file.startsWith(feature)) byFeature.add(match[1]!);
        else if (!file.includes('/lang/')) elsewhere.push(`${file}: ${match[1]}`);
      }
    }
    expect([...byFeature].filter((key) => !(key in en))).toEqual([]);
    expect(elsewhere).toEqual([]);
  });
});
