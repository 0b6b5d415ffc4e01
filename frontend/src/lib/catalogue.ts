import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client';
import type { components } from './api-schema';

export type CatalogueEvent = components['schemas']['TourEventDto'];
export type CatalogueSlot = CatalogueEvent['slots'][number];

/** The tour's events and slots; shared because the home, confirmation and past-events pages read it. */
export const eventsQuery = queryOptions({
  queryKey: ['/api', 'events'] as const,
  queryFn: () => apiGet('/api/events'),
});

export function useEvents() {
  return useQuery(eventsQuery);
}

export function findSlot(
  events: CatalogueEvent[] | undefined,
  slug: string,
  time: string,
): { event: CatalogueEvent; slot: CatalogueSlot | undefined } | undefined {
  const event = events?.find((candidate) => candidate.slug === slug);
  if (!event) return undefined;
  return { event, slot: event.slots.find((slot) => slot.time === time) };
}

/**
 * The tour's next stops: its open events with a slot still taking registrations, soonest first
 * (by that slot's start). The home page shows them all and the form starts on the first.
 */
export function nextStops(events: readonly CatalogueEvent[]): CatalogueEvent[] {
  return events
    .flatMap((event) => {
      if (event.status !== 'open') return [];
      const starts = event.slots
        .filter((slot) => slot.status === 'open')
        .map((slot) => Date.parse(slot.startsAt));
      return starts.length > 0 ? [{ event, first: Math.min(...starts) }] : [];
    })
    .sort((a, b) => a.first - b.first || a.event.slug.localeCompare(b.event.slug))
    .map(({ event }) => event);
}
