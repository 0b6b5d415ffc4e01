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
