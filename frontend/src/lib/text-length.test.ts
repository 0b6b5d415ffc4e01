import fc from 'fast-check';
import {
  EMAIL_PATTERN as SERVER_EMAIL_PATTERN,
  isEmailAddress as serverIsEmailAddress,
  isPhoneNumber as serverIsPhoneNumber,
} from '../../../backend/src/registrations/domain/registration-rules';
import {
  normalizeText,
  storedLength as serverStoredLength,
  visibleLength as serverVisibleLength,
} from '../../../backend/src/common/text';
import { loadPhoneRule } from './phone-number';
import { EMAIL_PATTERN, isEmailAddress, storedLength, visibleLength } from './text-length';

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

/** Phones and near-phones: SPEC's examples, the tour's countries, words, too short, too long. */
const PHONES = [
  '+39 123 456 7890',
  '(123) 456-7890',
  '123-456-7890',
  '+40 712 345 678',
  '0712 345 678',
  '+40712345678',
  '+1 415 555 0100',
  '+44 20 7946 0958',
  '+39 333 1234567',
  '00 40 712 345 678',
  'call me maybe',
  'call me 0712345678',
  '12',
  '123',
  '12345',
  '+40 712 345 678 999 999',
  '+999 123 456',
  '1-800-FLOWERS',
  '٠٧١٢٣٤٥٦٧٨',
  '+40 712 345 678 ext. 12',
  '',
];

describe('the site’s phone and email rules', () => {
  it('read phones exactly as the server does', async () => {
    const isPhone = await loadPhoneRule();
    for (const phone of PHONES)
      expect([phone, isPhone(phone)]).toEqual([phone, serverIsPhoneNumber(phone)]);
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...'+0123456789 -()./xe'.split('')), { maxLength: 24 }),
        (pieces) => {
          const phone = pieces.join('');
          expect(isPhone(phone)).toBe(serverIsPhoneNumber(phone));
        },
      ),
      { numRuns: 500 },
    );
    expect(isPhone('+39 123 456 7890')).toBe(true);
    expect(isPhone('call me maybe')).toBe(false);
  });

  it('check emails within SMTP’s limits as the server does', () => {
    for (const email of [
      'ana@example.com',
      `${'a'.repeat(64)}@example.com`,
      `${'a'.repeat(65)}@example.com`,
      `${'a'.repeat(64)}.${'b'.repeat(180)}@example.com`,
      `a@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(58)}.ro`,
      'not-an-email',
      '',
    ]) {
      expect([email.length, isEmailAddress(email)]).toEqual([
        email.length,
        serverIsEmailAddress(email),
      ]);
    }
  });

  it('count characters as stored exactly as the server does', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'binary', maxLength: 3 })),
          { maxLength: 40 },
        ),
        (pieces) => {
          const text = pieces.join('');
          expect(storedLength(text)).toBe(serverStoredLength(normalizeText(text)));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
