import type { CatalogueEvent } from '../../../lib/catalogue';
import type { AdminText } from '../../../lib/admin-session/use-admin-text';
import { toAdminLanguage, type AdminMessageId } from '../../../lib/admin-session/admin-catalogue';

const KNOWN_EVENTS: Record<string, AdminMessageId> = {
  bucharest: 'admin.event.bucharest',
  matera: 'admin.event.matera',
  napoli: 'admin.event.napoli',
  milano: 'admin.event.milano',
};

/**
 * The event's city in the operator's language (`locale`); an event announced from the Tour page
 * by the city the tour gives it (`events`, the site's list), in the operator's language when the
 * operator gave one; one the tour does not know keeps its slug.
 */
export function eventName(
  t: AdminText,
  slug: string,
  events: readonly CatalogueEvent[] | undefined,
  locale: string,
): string {
  const key = KNOWN_EVENTS[slug.toLowerCase()];
  if (key) return t(key);
  const event = events?.find((candidate) => candidate.slug === slug);
  if (!event) return slug;
  const language = toAdminLanguage(locale);
  return (language !== 'en' && event.localised?.[language]?.city) || event.city;
}
