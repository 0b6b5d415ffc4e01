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
    // The zone as its offset (GMT+2), which every language writes alike: 'short' names it
    // GMT+2 in English but EET in Romanian and Italian.
    timeZoneName: 'shortOffset',
  }).format(date);
}
