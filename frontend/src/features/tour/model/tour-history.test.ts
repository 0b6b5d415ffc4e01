import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tourDetails, tourEntryType } from './tour-history';

/** The backend's list of tour facts (domain/tour.ts), read as text: the two stay one list. */
function backendFactTypes(): string[] {
  const source = readFileSync(
    join(__dirname, '../../../../../backend/src/tour/domain/tour.ts'),
    'utf8',
  );
  const list = /export const TOUR_FACT_TYPES[^=]*=\s*\[([^\]]*)\]/.exec(source);
  if (!list) throw new Error('TOUR_FACT_TYPES is not in the backend’s tour domain');
  return [...list[1]!.matchAll(/'([A-Za-z]+)'/g)].map((match) => match[1]!);
}

describe('the tour history in the operator’s words', () => {
  it('names every fact the backend records, and shows an unknown one as it is named', () => {
    const types = backendFactTypes();
    expect(types).toContain('SlotCapacityChanged');
    expect(types.filter((type) => !tourEntryType(type))).toEqual([]);
    expect(tourEntryType('SlotCapacityChanged')).toBe('admin.tourType.SlotCapacityChanged');
    expect(tourEntryType('SomethingNew')).toBeUndefined();
  });

  it('lays an announcement out field by field, each kind of value for its own formatting', () => {
    expect(
      // In the order the server sends them: PostgreSQL's jsonb, shortest key first.
      tourDetails('EventAnnounced', {
        city: 'Cluj-Napoca',
        date: '2026-12-03',
        venue: 'Fabrica de Pensule',
        status: 'coming-soon',
        timeZone: 'Europe/Bucharest',
        localised: { it: { city: 'Cluj' } },
        priceMinor: 4000,
        automaticOffers: true,
      }),
    ).toEqual([
      {
        path: 'city',
        label: 'admin.tour.field.city',
        value: { kind: 'text', text: 'Cluj-Napoca' },
      },
      {
        path: 'venue',
        label: 'admin.tour.field.venue',
        value: { kind: 'text', text: 'Fabrica de Pensule' },
      },
      {
        path: 'localised.it.city',
        label: 'admin.tour.field.cityIt',
        value: { kind: 'text', text: 'Cluj' },
      },
      { path: 'date', label: 'admin.tour.field.date', value: { kind: 'text', text: '2026-12-03' } },
      {
        path: 'timeZone',
        label: 'admin.tour.field.timeZone',
        value: { kind: 'text', text: 'Europe/Bucharest' },
      },
      {
        path: 'priceMinor',
        label: 'admin.tour.field.price',
        value: { kind: 'money', minor: 4000 },
      },
      {
        path: 'status',
        label: 'admin.tour.field.status',
        value: { kind: 'message', key: 'admin.tour.status.comingSoon' },
      },
      {
        path: 'automaticOffers',
        label: 'admin.tour.field.automaticOffers',
        value: { kind: 'yesNo', value: true },
      },
    ]);
  });

  it('keeps fields it does not know, last, as sent', () => {
    expect(tourDetails('SlotAdded', { note: 'x', time: 'Dec 3' }).map((line) => line.path)).toEqual(
      ['time', 'note'],
    );
  });

  it('reads a change’s `from` by its fact: the previous start of a move, the previous capacity', () => {
    expect(
      tourDetails('SlotMoved', {
        from: '2026-12-03T17:30:00.000Z',
        time: 'Dec 3 - 7:30pm',
        startsAt: '2026-12-03T20:00:00+02:00',
      }),
    ).toEqual([
      {
        path: 'time',
        label: 'admin.tour.field.slotName',
        value: { kind: 'text', text: 'Dec 3 - 7:30pm' },
      },
      {
        path: 'startsAt',
        label: 'admin.tour.field.start',
        value: { kind: 'instant', iso: '2026-12-03T20:00:00+02:00' },
      },
      {
        path: 'from',
        label: 'admin.tour.field.previousStart',
        value: { kind: 'instant', iso: '2026-12-03T17:30:00.000Z' },
      },
    ]);
    expect(tourDetails('SlotCapacityChanged', { from: 20, time: 'Dec 3', capacity: 24 })).toEqual([
      { path: 'time', label: 'admin.tour.field.slotName', value: { kind: 'text', text: 'Dec 3' } },
      { path: 'capacity', label: 'admin.tour.field.capacity', value: { kind: 'text', text: '24' } },
      {
        path: 'from',
        label: 'admin.tour.field.previousCapacity',
        value: { kind: 'text', text: '20' },
      },
    ]);
  });

  it('names the switch of automatic offers and the import’s currency and source', () => {
    expect(tourDetails('AutomaticOffersSwitched', { enabled: false })).toEqual([
      {
        path: 'enabled',
        label: 'admin.tour.field.automaticOffers',
        value: { kind: 'yesNo', value: false },
      },
    ]);
    expect(tourDetails('TourImported', { source: 'demo-tour', currency: 'RON' })).toEqual([
      {
        path: 'currency',
        label: 'admin.tour.field.currency',
        value: { kind: 'text', text: 'RON' },
      },
      {
        path: 'source',
        label: 'admin.tour.field.source',
        value: { kind: 'message', key: 'admin.tour.source.demoTour' },
      },
    ]);
    expect(tourDetails('EventCompleted', {})).toEqual([]);
  });
});
