import { dateTimeFormat, numberFormat } from './intl-formats';

describe('Intl formatters kept', () => {
  it('makes one formatter per language and options, and formats as Intl does', () => {
    const options = { hour: 'numeric', minute: '2-digit', timeZone: 'Europe/Rome' } as const;
    const first = dateTimeFormat('it', options);
    expect(dateTimeFormat('it', { ...options })).toBe(first);
    expect(dateTimeFormat('ro', options)).not.toBe(first);
    expect(dateTimeFormat('it', { ...options, timeZone: 'Europe/Bucharest' })).not.toBe(first);
    const instant = new Date('2025-10-30T18:30:00Z');
    expect(first.format(instant)).toBe(new Intl.DateTimeFormat('it', options).format(instant));
    expect(numberFormat('ro', { minimumFractionDigits: 2 })).toBe(
      numberFormat('ro', { minimumFractionDigits: 2 }),
    );
    expect(numberFormat('ro', { minimumFractionDigits: 2 }).format(42.5)).toBe('42,50');
  });

  it('throws for options Intl refuses, each time, as Intl does', () => {
    const refused = () => dateTimeFormat('en', { timeZone: 'Mars/Olympus_Mons' });
    expect(refused).toThrow(RangeError);
    expect(refused).toThrow(RangeError);
  });
});
