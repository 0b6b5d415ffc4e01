import { matchesSearch, searchText } from './search-text';

describe('door search', () => {
  it('finds Romanian names typed without diacritics, comma-below and cedilla forms alike', () => {
    expect(matchesSearch('Ștefan Dumitrescu', 'stefan')).toBe(true);
    expect(matchesSearch('Ştefan Dumitrescu', 'stefan')).toBe(true); // U+015E, the cedilla form
    expect(matchesSearch('Stefan Dumitrescu', 'ștefan')).toBe(true);
    expect(matchesSearch('Ţuţea Mărioara', 'tutea marioara')).toBe(true);
    expect(matchesSearch('Țuțea', 'ţuţea')).toBe(true);
    expect(matchesSearch('Ioana Brâncoveanu', 'brancoveanu')).toBe(true);
    expect(matchesSearch('Ilinca Bîrsan', 'birsan')).toBe(true);
  });

  it('finds Italian accents and other European letters', () => {
    expect(matchesSearch('Niccolò Bàrberi', 'niccolo barberi')).toBe(true);
    expect(matchesSearch('Èlia Perù', 'ELIA peru')).toBe(true);
    expect(matchesSearch('Jürgen Straße', 'jurgen strasse')).toBe(true);
    expect(matchesSearch('Søren Łukasz', 'soren lukasz')).toBe(true);
  });

  it('ignores case without the device locale, and extra spaces', () => {
    expect(searchText('İSTANBUL')).toBe('istanbul');
    expect(searchText('  Ana   MARIA ')).toBe('ana maria');
    expect(matchesSearch('Ana Maria Pop', 'ana  maria')).toBe(true);
  });

  it('still tells different names apart', () => {
    expect(matchesSearch('Ștefan Dumitrescu', 'stefania')).toBe(false);
    expect(matchesSearch('Ana Pop', 'anna')).toBe(false);
  });

  it('matches everyone on an empty search', () => {
    expect(matchesSearch('Ana Pop', '   ')).toBe(true);
  });
});
