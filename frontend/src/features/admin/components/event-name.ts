import type { CatalogueEvent } from '../../../lib/catalogue';
import type { AdminText } from '../hooks/use-admin-text';
import type { AdminMessageId } from '../i18n/admin-catalogue';

const KNOWN_EVENTS: Record<string, AdminMessageId> = {
  bucharest: 'admin.event.bucharest',
  matera: 'admin.event.matera',
  napoli: 'admin.event.napoli',
  milano: 'admin.event.milano',
};

/**
 * The event's city in the operator's language; an event announced from the Tour page by the
 * city the tour gives it (`events`, the site's list); one the tour does not know keeps its slug.
 */
export function eventName(
  t: AdminText,
  slug: string,
  events: readonly CatalogueEvent[] | undefined,
): string {
  const key = KNOWN_EVENTS[slug.toLowerCase()];
  if (key) return t(key);
  return events?.find((event) => event.slug === slug)?.city ?? slug;
}
