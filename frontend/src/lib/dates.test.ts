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
});
