import { exportFileName, scopeFilter } from './csv-export';

describe('export scopes and file names', () => {
  it("writes the rows of the list's filter: all, the view's, one event, or one slot", () => {
    expect(scopeFilter({ kind: 'all' })).toEqual({});
    expect(scopeFilter({ kind: 'view', filter: { q: 'ana', status: 'held' } })).toEqual({
      q: 'ana',
      status: 'held',
    });
    expect(scopeFilter({ kind: 'event', event: 'bucharest' })).toEqual({ event: 'bucharest' });
    expect(scopeFilter({ kind: 'slot', event: 'bucharest', time: 'Oct 30 - 7:30pm' })).toEqual({
      event: 'bucharest',
      time: 'Oct 30 - 7:30pm',
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
