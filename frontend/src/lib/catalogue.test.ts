import { BUCHAREST } from '../test/render';
import { nextStops } from './catalogue';
import type { CatalogueEvent, CatalogueSlot } from './catalogue';

type Slots = [string, CatalogueSlot['status']][];

const event = (slug: string, status: CatalogueEvent['status'], slots: Slots): CatalogueEvent => ({
  ...BUCHAREST,
  localised: {},
  slug,
  city: slug,
  status,
  slots: slots.map(([startsAt, slotStatus]) => ({
    time: startsAt,
    startsAt,
    status: slotStatus,
    capacity: 20,
  })),
});

const slugs = (events: CatalogueEvent[]) => nextStops(events).map((stop) => stop.slug);

describe('nextStops: which events the tour goes to next', () => {
  it('keeps the open events with a slot still open, by their first open slot', () => {
    expect(
      slugs([
        event('late', 'open', [['2025-11-20T18:00:00Z', 'open']]),
        // Its first slot has closed: the open one, on the 25th, places it.
        event('closing', 'open', [
          ['2025-10-01T18:00:00Z', 'closed'],
          ['2025-10-25T18:00:00Z', 'open'],
        ]),
        event('soon', 'open', [['2025-10-23T18:00:00Z', 'open']]),
      ]),
    ).toEqual(['soon', 'closing', 'late']);
  });

  it('leaves out completed and coming-soon events, and open ones whose slots all closed', () => {
    expect(
      slugs([
        event('matera', 'completed', [['2025-09-13T18:00:00Z', 'closed']]),
        event('announced', 'coming-soon', [['2025-10-23T18:00:00Z', 'open']]),
        event('played', 'open', [['2025-10-01T18:00:00Z', 'closed']]),
        event('bare', 'open', []),
      ]),
    ).toEqual([]);
  });

  it('orders two stops starting together by their slug, whatever order the tour lists them in', () => {
    const at: Slots = [['2025-10-23T18:00:00Z', 'open']];
    expect(slugs([event('cluj', 'open', at), event('brasov', 'open', at)])).toEqual([
      'brasov',
      'cluj',
    ]);
  });
});
