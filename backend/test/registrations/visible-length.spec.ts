import fc from 'fast-check';
import {
  DREAM_RULE,
  NAME_RULE,
  SHARED_DREAM_RULE,
} from '../../src/registrations/domain/registration-rules';
import { textFault, visibleLength } from '../../src/common/text';

/**
 * The definition: grapheme clusters as Intl.Segmenter finds them that show something, i.e. hold a
 * tab, a line break, or a code point other than a control, a format character, a mark, a line or
 * paragraph separator, or a blank letter.
 */
const SHOWS_SOMETHING =
  /[\t\n\r]|[^\p{Cc}\p{Cf}\p{Mn}\p{Me}\p{Zl}\p{Zp}\u115f\u1160\u3164\uffa0\u2800]/u;
function graphemes(text: string): number {
  return [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].filter(
    ({ segment }) => SHOWS_SOMETHING.test(segment),
  ).length;
}

/** Characters that exercise both counts: Latin letters, CR/LF, and ones that join. */
const PIECES = [
  'a',
  'Z',
  ' ',
  '.',
  '\r',
  '\n',
  '\t',
  '\u0000',
  '\u007f',
  '\u00ad', // soft hyphen
  'ș',
  'ț',
  'ă',
  'î',
  'è',
  'ÿ',
  'ʼ',
  '\u02ff',
  '\u0300', // combining grave accent
  '\u0327', // combining cedilla
  '\u200d', // zero-width joiner
  '\ufe0f', // variation selector
  '👩',
  '🏽',
  '🇷',
  '🇴',
  'が',
  '\u1100', // Hangul choseong
  '\u1161', // Hangul jungseong
  '\u200b', // zero-width space
  '\u3164', // Hangul filler
  '\u2028', // line separator
  '\u0085', // next line
];

describe('visibleLength', () => {
  it('counts what the grapheme segmenter counts, on any mix of characters', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        expect(visibleLength(text)).toBe(graphemes(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('counts what the grapheme segmenter counts, on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        expect(visibleLength(text)).toBe(graphemes(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('counts CR LF as one character, and a Romanian dream letter by letter', () => {
    expect(visibleLength('a\r\nb')).toBe(3);
    expect(visibleLength('\r\r\n\n')).toBe(3);
    expect(visibleLength('Am visat că zburam peste București')).toBe(34);
    expect(visibleLength('e\u0301')).toBe(1);
    expect(visibleLength('👩‍👩‍👧')).toBe(1);
  });

  it('counts what shows nothing as nothing: zero-width spaces, soft hyphens, controls, lone marks', () => {
    expect(visibleLength('\u200b'.repeat(100))).toBe(0);
    expect(visibleLength('\u00ad\u0007\u001b')).toBe(0);
    expect(visibleLength('\u0301\u0301')).toBe(0);
    expect(visibleLength('\u3164\u2800\u2060\ufeff')).toBe(0);
    expect(visibleLength('Ana\u200b')).toBe(3);
    expect(visibleLength(`b${'\u0301'.repeat(1000)}`)).toBe(1);
  });
});

describe('the upper bounds, as seen and as stored', () => {
  it('refuse a shared dream of 10 visible letters carrying 5,010 characters', () => {
    expect(textFault(`${'a'.repeat(10)}${'\u200b'.repeat(5000)}`, SHARED_DREAM_RULE)).toBe('long');
    expect(textFault('a'.repeat(10), SHARED_DREAM_RULE)).toBeUndefined();
  });

  it('take a text at its visible maximum whose characters carry an accent or a skin tone', () => {
    expect(textFault('👍🏽'.repeat(100), NAME_RULE)).toBeUndefined();
    expect(textFault('e\u0301'.normalize('NFD').repeat(5000), DREAM_RULE)).toBeUndefined();
    expect(textFault(`${'a'.repeat(110)}${'\u200b'.repeat(9891)}`, DREAM_RULE)).toBe('long');
  });
});
