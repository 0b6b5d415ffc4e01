import { dateTimeFormat, numberFormat } from '../../src/common/intl-formats';

describe("Intl's formatters, made once", () => {
  it('gives the same formatter for the same locale and options, another for others', () => {
    const options = { timeZone: 'Europe/Bucharest', dateStyle: 'full' } as const;
    const first = dateTimeFormat('ro', options);
    expect(dateTimeFormat('ro', { ...options })).toBe(first);
    expect(dateTimeFormat('it', options)).not.toBe(first);
    expect(first.format(new Date('2030-10-30T17:30:00Z'))).toBe(
      new Intl.DateTimeFormat('ro', options).format(new Date('2030-10-30T17:30:00Z')),
    );
    expect(numberFormat('ro', { maximumFractionDigits: 2 }).format(35.5)).toBe('35,5');
  });

  it('makes nothing for options Intl refuses, and keeps no more than a bounded number', () => {
    expect(() => dateTimeFormat('en-US', { timeZone: 'Mars/Olympus_Mons' })).toThrow(RangeError);
    const first = numberFormat('en', { minimumIntegerDigits: 1 });
    for (let digits = 1; digits <= 21; digits += 1) {
      for (let fraction = 0; fraction <= 20; fraction += 1) {
        numberFormat('en', { minimumIntegerDigits: digits, maximumFractionDigits: fraction });
      }
    }
    // 441 others made since (under the bound): the first is still the one kept.
    expect(numberFormat('en', { minimumIntegerDigits: 1 })).toBe(first);
    for (let fraction = 0; fraction <= 20; fraction += 1) {
      for (const style of ['decimal', 'percent'] as const) {
        numberFormat('it', { maximumFractionDigits: fraction, style });
        numberFormat('ro', { maximumFractionDigits: fraction, style });
      }
    }
    // Past the bound, the oldest went.
    expect(numberFormat('en', { minimumIntegerDigits: 1 })).not.toBe(first);
  });
});
