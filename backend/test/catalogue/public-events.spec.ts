import { OPEN_SLOT, request } from '../http';
import { appsOnOwnDatabase } from '../test-app';
import { testCatalogue } from '../test-tour';

interface PublicEvent {
  slug: string;
  city: string;
  venue: string;
  localised: Record<string, { city?: string; venue?: string }>;
  date: string;
  timeZone: string;
  status: string;
  priceMinor: number;
  currency: string;
  slots: { time: string; startsAt: string; status: string; capacity: number }[];
}

describe('GET /api/events', () => {
  const fleet = appsOnOwnDatabase([{ catalogue: testCatalogue() }]);

  const events = async () =>
    (await request<PublicEvent[]>(fleet.apps[0].url, 'GET', '/api/events')).body;

  it("carries each event's names in Italian and Romanian, as the tour has them", async () => {
    const bucharest = (await events()).find((event) => event.slug === 'bucharest');
    expect(bucharest?.localised).toEqual({
      it: {
        city: 'Bucarest',
        venue: "Museo Nazionale d'Arte Contemporanea (MNAC), Bucarest",
      },
      ro: {
        city: 'București',
        venue: 'Muzeul Național de Artă Contemporană (MNAC), București',
      },
    });
  });

  it('gives an event the tour names in English only an empty localised object', async () => {
    const matera = (await events()).find((event) => event.slug === 'matera');
    expect(matera?.localised).toEqual({});
  });

  it("keeps SPEC's fields as they were: the record's events, statuses, price and slots", async () => {
    const answer = await events();
    expect(answer.map((event) => [event.slug, event.status])).toEqual([
      ['matera', 'completed'],
      ['napoli', 'completed'],
      ['milano', 'completed'],
      ['bucharest', 'open'],
    ]);
    const bucharest = answer.find((event) => event.slug === 'bucharest')!;
    expect(bucharest).toMatchObject({
      city: 'Bucharest',
      venue: 'National Museum of Contemporary Art (MNAC), Bucharest',
      date: '2025-10-30',
      timeZone: 'Europe/Bucharest',
      priceMinor: 3500,
      currency: 'RON',
    });
    expect(bucharest.slots.map((slot) => [slot.time, slot.status, slot.capacity])).toEqual([
      ['Oct 19 - 7:00pm', 'closed', 20],
      [OPEN_SLOT, 'open', 20],
    ]);
    for (const event of answer) {
      expect(Object.keys(event).sort()).toEqual(
        [
          'city',
          'currency',
          'date',
          'localised',
          'priceMinor',
          'slots',
          'slug',
          'status',
          'timeZone',
          'venue',
        ].sort(),
      );
    }
  });
});
