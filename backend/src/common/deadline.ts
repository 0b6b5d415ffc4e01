import { dateTimeFormat } from './intl-formats';

/**
 * A deadline (a hold, an offer, a cancellation's cut-off) as everyone reads it: in the event's
 * time zone, whatever the reader's, with the zone named. The emails write it with this; the
 * site's pages with frontend lib/dates.ts formatDeadline, which a test there holds equal to it.
 */
export function formatDeadline(date: Date, locale: string, timeZone: string | undefined): string {
  return dateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(date);
}
