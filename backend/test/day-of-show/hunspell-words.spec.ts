import { HunspellWords } from '../../src/day-of-show/performers-sheet/domain/hunspell-words';

/** A dictionary made for the test, in Hunspell's own format, small enough to read at a glance. */
const AFF = `SET UTF-8
ICONV 1
ICONV ’ '
PFX R Y 1
PFX R 0 re .
SFX S Y 2
SFX S 0 s [^s]
SFX S 0 es s
SFX E N 1
SFX E are ava/L are
SFX L N 1
SFX L 0 la .
`;
const DIC = `5
cat/S
bus/S
do/R
sognare/E
Milano
`;

describe('reading a Hunspell dictionary', () => {
  const words = new HunspellWords(AFF, DIC);

  it('knows stems, and words made by one suffix under its condition', () => {
    expect(['cat', 'cats', 'bus', 'buses'].map((word) => words.has(word))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(words.has('buss')).toBe(false);
    expect(words.has('dog')).toBe(false);
  });

  it('knows a prefix, and two suffixes where the first allows the second', () => {
    expect(words.has('redo')).toBe(true);
    expect(words.has('sognava')).toBe(true);
    expect(words.has('sognavala')).toBe(true);
    expect(words.has('catla')).toBe(false);
  });

  it('tells an ordinary word from a name the dictionary only knows capitalised', () => {
    expect(words.has('Cats')).toBe(true);
    expect(words.hasLowerCase('Cats')).toBe(true);
    expect(words.hasProperNoun('Cats')).toBe(false);
    expect(words.has('Milano')).toBe(true);
    expect(words.hasLowerCase('Milano')).toBe(false);
    expect(words.hasProperNoun('MILANO')).toBe(true);
  });
});
