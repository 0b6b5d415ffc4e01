import fc from 'fast-check';
import {
  normalizeText,
  visibleLength as serverVisibleLength,
} from '../../../backend/src/common/text';
import { EMAIL_PATTERN as SERVER_EMAIL_PATTERN } from '../../../backend/src/registrations/domain/registration-rules';
import { EMAIL_PATTERN, visibleLength } from './text-length';

/** Characters where counts can differ: controls, invisible ones, marks, emoji, Hangul. */
const PIECES = [
  'a',
  ' ',
  '\r',
  '\n',
  '\t',
  '\u0000',
  '\u0007',
  '\u00ad',
  'ș',
  's\u0327',
  '\u0301',
  '\u200b',
  '\u200d',
  '\ufe0f',
  '\u3164',
  '\u2800',
  '\u2028',
  '👩',
  '🏽',
  '\u1100',
  '\u1161',
];

/** The site's forms count and check as the server does, so a form the site accepts is accepted. */
describe('the site’s text rules', () => {
  it('count characters exactly as the server does', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'binary', maxLength: 3 })),
          {
            maxLength: 40,
          },
        ),
        (pieces) => {
          const text = pieces.join('');
          expect(visibleLength(text)).toBe(serverVisibleLength(normalizeText(text)));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('check emails by the server’s rule', () => {
    expect(EMAIL_PATTERN.source).toBe(SERVER_EMAIL_PATTERN.source);
  });

  it('see a dream of zero-width spaces as empty', () => {
    expect(visibleLength('\u200b'.repeat(100))).toBe(0);
    expect(visibleLength(' Ana\u200b ')).toBe(3);
  });
});
