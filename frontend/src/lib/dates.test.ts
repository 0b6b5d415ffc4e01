import { formatDeadline as emailDeadline } from '../../../backend/src/common/deadline';
import { formatDeadline } from './dates';

describe('formatDeadline', () => {
  it('writes a deadline in the words the emails use, in every language and zone', () => {
    const instants = [
      '2026-12-01T17:30:00.000Z',
      '2027-03-28T00:59:00.000Z',
      '2027-07-04T09:05:00.000Z',
    ];
    for (const locale of ['en', 'it', 'ro']) {
      for (const zone of ['Europe/Bucharest', 'Europe/Rome', 'America/New_York']) {
        for (const iso of instants) {
          expect(formatDeadline(iso, locale, zone)).toBe(
            emailDeadline(new Date(iso), locale, zone),
          );
        }
      }
    }
  });

  it("names the show's zone alike in every language: by its offset", () => {
    const iso = '2099-10-29T17:30:00.000Z';
    const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
    expect(plain(formatDeadline(iso, 'en', 'Europe/Bucharest'))).toBe(
      'Thursday, October 29, 2099 at 7:30 PM GMT+2',
    );
    expect(plain(formatDeadline(iso, 'it', 'Europe/Bucharest'))).toBe(
      'giovedì 29 ottobre 2099 alle ore 19:30 GMT+2',
    );
    expect(plain(formatDeadline(iso, 'ro', 'Europe/Bucharest'))).toBe(
      'joi, 29 octombrie 2099 la 19:30 GMT+2',
    );
    expect(plain(formatDeadline(iso, 'ro', 'Europe/Rome'))).toMatch(/18:30 GMT\+1$/);
  });
});
