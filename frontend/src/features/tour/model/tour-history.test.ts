import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tourDetails, tourEntryType } from './tour-history';

/** A detail line as tourDetails gives it: a field's label and its value as text, or an instant. */
const textLine = (path: string, label: string, text: string) => ({
  path,
  label,
  value: { kind: 'text', text },
});
const instantLine = (path: string, label: string, iso: string) => ({
  path,
  label,
  value: { kind: 'instant', iso },
});

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
      textLine('city', 'admin.tour.field.city', 'Cluj-Napoca'),
      textLine('venue', 'admin.tour.field.venue', 'Fabrica de Pensule'),
      textLine('localised.it.city', 'admin.tour.field.cityIt', 'Cluj'),
      textLine('date', 'admin.tour.field.date', '2026-12-03'),
      textLine('timeZone', 'admin.tour.field.timeZone', 'Europe/Bucharest'),
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
      textLine('time', 'admin.tour.field.slotName', 'Dec 3 - 7:30pm'),
      instantLine('startsAt', 'admin.tour.field.start', '2026-12-03T20:00:00+02:00'),
      instantLine('from', 'admin.tour.field.previousStart', '2026-12-03T17:30:00.000Z'),
    ]);
    expect(tourDetails('SlotCapacityChanged', { from: 20, time: 'Dec 3', capacity: 24 })).toEqual([
      textLine('time', 'admin.tour.field.slotName', 'Dec 3'),
      textLine('capacity', 'admin.tour.field.capacity', '24'),
      textLine('from', 'admin.tour.field.previousCapacity', '20'),
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
      textLine('currency', 'admin.tour.field.currency', 'RON'),
      {
        path: 'source',
        label: 'admin.tour.field.source',
        value: { kind: 'message', key: 'admin.tour.source.demoTour' },
      },
    ]);
    expect(tourDetails('EventCompleted', {})).toEqual([]);
  });
});
