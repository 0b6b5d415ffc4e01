import type { AdminText } from '../hooks/use-admin-text';
import type { AdminMessageId } from '../i18n/admin-catalogue';

const KNOWN_EVENTS: Record<string, AdminMessageId> = {
  bucharest: 'admin.event.bucharest',
  matera: 'admin.event.matera',
  napoli: 'admin.event.napoli',
  milano: 'admin.event.milano',
};

/** The event's city in the operator's language; an unknown event keeps its slug. */
export function eventName(t: AdminText, slug: string): string {
  const key = KNOWN_EVENTS[slug.toLowerCase()];
  return key ? t(key) : slug;
}
