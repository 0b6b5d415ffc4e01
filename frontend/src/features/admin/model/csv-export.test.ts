import type { SlotTotals } from '../api/get-registration-page';
import { countInScope, exportFileName } from './csv-export';

function slot(overrides: Partial<SlotTotals>): SlotTotals {
  return {
    event: 'bucharest',
    time: 'Oct 30 - 7:30pm',
    limit: 20,
    seats: 20,
    held: 0,
    paid: 20,
    waiting: 5,
    ...overrides,
  };
}

describe('export scopes and file names', () => {
  const slots = [
    slot({}),
    slot({ time: '19 Oct - 7:00pm', seats: 3, waiting: 0 }),
    slot({ event: 'matera', time: '20:00', seats: 7, waiting: 1 }),
  ];

  it('counts all, one event, or one event and time from the slot totals', () => {
    expect(countInScope(slots, { kind: 'all' })).toEqual({ confirmed: 30, waiting: 6 });
    expect(countInScope(slots, { kind: 'event', event: 'bucharest' })).toEqual({
      confirmed: 23,
      waiting: 5,
    });
    expect(
      countInScope(slots, { kind: 'slot', event: 'bucharest', time: '19 Oct - 7:00pm' }),
    ).toEqual({ confirmed: 3, waiting: 0 });
    expect(countInScope(slots, { kind: 'event', event: 'napoli' })).toEqual({
      confirmed: 0,
      waiting: 0,
    });
  });

  it('carries the date in the file name', () => {
    const date = new Date(2025, 9, 30, 21, 15);
    expect(exportFileName([], date)).toBe('registrations-2025-10-30.csv');
    expect(exportFileName(['bucharest'], date)).toBe('registrations-bucharest-2025-10-30.csv');
    expect(exportFileName(['bucharest', 'Oct 30 - 7:30pm'], date)).toBe(
      'registrations-bucharest-oct-30-7-30pm-2025-10-30.csv',
    );
  });
});
