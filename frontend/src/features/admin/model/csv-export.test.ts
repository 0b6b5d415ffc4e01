import Papa from 'papaparse';
import type { AdminRegistration } from '../api/admin-registration';
import {
  UTF8_BOM,
  exportFileName,
  neutraliseCell,
  registrationsCsv,
  registrationsInScope,
} from './csv-export';
import type { CsvLabels } from './csv-export';

const labels: CsvLabels = {
  headers: ['Name', 'User ID', 'Email', 'Phone', 'Event', 'Time', 'Registered', 'Dreamed', 'Dream'],
  yes: 'YES',
  no: 'NO',
  unknownName: 'Unknown Name',
  eventName: (slug) => ({ bucharest: 'București' })[slug] ?? slug,
};

function registration(overrides: Partial<AdminRegistration>): AdminRegistration {
  return {
    id: '3f1c2a9e-77b0-4c1d-9a2e-0b5e8d4fa1c3',
    name: 'Ștefania Țăranu',
    email: 'stefania@example.ro',
    whatsapp: '+40 712 345 678',
    event: 'bucharest',
    time: 'Oct 30 - 7:30pm',
    dreamedCaptured: true,
    dream: null,
    waitingList: false,
    paid: true,
    stripeSessionId: null,
    createdAt: '2025-10-01T10:00:00.000Z',
    ...overrides,
  };
}

const trickyDream =
  '=HYPERLINK("http://evil.example","click")\nI dreamt of a "quiet" room, with chairs, în întuneric; ăâîșț ÀÈÌÒÙ.';

describe('the CSV writer', () => {
  it('starts with a UTF-8 BOM and writes the nine columns', () => {
    const csv = registrationsCsv([registration({ dream: 'A dream' })], labels);
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    const [header] = csv.slice(1).split('\r\n');
    expect(header).toBe('Name,User ID,Email,Phone,Event,Time,Registered,Dreamed,Dream');
  });

  it('round-trips quotes, commas, new lines and Romanian letters, and neutralises a leading =', () => {
    const csv = registrationsCsv([registration({ dream: trickyDream })], labels);
    // Quotes inside a field are doubled, and the field is quoted.
    expect(csv).toContain(
      '"\'=HYPERLINK(""http://evil.example"",""click"")\nI dreamt of a ""quiet"" room',
    );
    const parsed = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[1]).toEqual([
      'Ștefania Țăranu',
      '#4FA1C3',
      'stefania@example.ro',
      "'+40 712 345 678",
      'București',
      'Oct 30 - 7:30pm',
      '2025-10-01T10:00:00.000Z',
      'YES',
      `'${trickyDream}`,
    ]);
  });

  it('falls back to Unknown Name and writes NO for a dream not captured', () => {
    const csv = registrationsCsv(
      [registration({ name: null, dreamedCaptured: false, dream: null })],
      labels,
    );
    const parsed = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true });
    expect(parsed.data[1]![0]).toBe('Unknown Name');
    expect(parsed.data[1]![7]).toBe('NO');
    expect(parsed.data[1]![8]).toBe('');
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+40 712', "'+40 712"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['plain = text', 'plain = text'],
    ['', ''],
  ])('neutralises %j as %j', (cell, expected) => {
    expect(neutraliseCell(cell)).toBe(expected);
  });
});

describe('export scopes and file names', () => {
  const list = [
    registration({ id: 'a', event: 'bucharest', time: 'Oct 30 - 7:30pm' }),
    registration({ id: 'b', event: 'bucharest', time: '19 Oct - 7:00pm' }),
    registration({ id: 'c', event: 'matera', time: '20:00' }),
  ];

  it('takes all, one event, or one event and time', () => {
    expect(registrationsInScope(list, { kind: 'all' }).map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(
      registrationsInScope(list, { kind: 'event', event: 'bucharest' }).map((r) => r.id),
    ).toEqual(['a', 'b']);
    expect(
      registrationsInScope(list, { kind: 'slot', event: 'bucharest', time: '19 Oct - 7:00pm' }).map(
        (r) => r.id,
      ),
    ).toEqual(['b']);
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
