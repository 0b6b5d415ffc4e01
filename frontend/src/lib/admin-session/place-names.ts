import type { CatalogueEvent } from '../catalogue';
import { findSlot, useEvents } from '../catalogue';
import { dateTimeFormat } from '../intl-formats';
import { useIntl } from 'react-intl';
import { toAdminLanguage, type AdminMessageId } from './admin-catalogue';
import type { AdminText } from './use-admin-text';
import { useAdminText } from './use-admin-text';

/** How the Command Center names the tour's events and slots, on every page alike. */

const TWELVE_HOUR_LABELS: Record<string, string> = {
  '19:00': '7:00 PM',
  '19:30': '7:30 PM',
  '20:00': '8:00 PM',
  '20:45': '8:45 PM',
  '21:00': '9:00 PM',
  '22:00': '10:00 PM',
  '22:30': '10:30 PM',
};

/**
 * SPEC section 9: the known 24-hour times read as 12-hour labels; a time with ' - ' in it
 * ('Oct 30 - 7:30pm') is grouped by the part after it. Any other time is kept as it is.
 */
export function slotTimeLabel(time: string): string {
  const trimmed = time.trim();
  const separator = trimmed.indexOf(' - ');
  if (separator >= 0) return trimmed.slice(separator + 3).trim();
  return TWELVE_HOUR_LABELS[trimmed] ?? trimmed;
}

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

/**
 * A slot as the operator reads it: its current start, in its event's time zone ('Fri, Dec 11,
 * 8:00 PM'), so two 7:30pm slots on different days read apart and a moved slot reads as it now
 * is. Its key (`time`) stays what requests name it by; a slot the tour does not know reads as
 * SPEC's grouping label of its key.
 */
export function slotName(
  slot: { startsAt?: string } | undefined,
  time: string,
  locale: string,
  timeZone: string | undefined,
): string {
  const startsAt = slot?.startsAt ? new Date(slot.startsAt) : undefined;
  if (!startsAt || Number.isNaN(startsAt.getTime())) return slotTimeLabel(time);
  return dateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(startsAt);
}

/** The two namers with the tour at hand: an event by its slug, a slot by its event and key. */
export function usePlaceNames(): {
  event: (slug: string) => string;
  slot: (slug: string, time: string) => string;
} {
  const t = useAdminText();
  const intl = useIntl();
  const events = useEvents();
  return {
    event: (slug) => eventName(t, slug, events.data, intl.locale),
    slot: (slug, time) => {
      const found = findSlot(events.data, slug, time);
      return slotName(found?.slot, time, intl.locale, found?.event.timeZone);
    },
  };
}
