import { dateTimeFormat } from './intl-formats';

/** Formats a calendar date (YYYY-MM-DD) in the visitor's language, without time-zone drift. */
export function formatEventDate(isoDate: string, locale: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  if (!year || !month || !day) return isoDate;
  return dateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, day)));
}

/** Formats a slot's start instant as a time of day where the event takes place. */
export function formatSlotTime(
  startsAt: string,
  locale: string,
  timeZone = 'Europe/Bucharest',
): string {
  const date = new Date(startsAt);
  if (Number.isNaN(date.getTime())) return startsAt;
  return dateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(date);
}

/** Formats a slot's start instant as a date where the event takes place. */
export function formatSlotDate(
  startsAt: string,
  locale: string,
  timeZone = 'Europe/Bucharest',
  withYear = false,
): string {
  const date = new Date(startsAt);
  if (Number.isNaN(date.getTime())) return startsAt;
  return dateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone,
  }).format(date);
}

/**
 * A deadline (a hold, an offer, a cancellation's cut-off) as everyone reads it: in the event's
 * time zone, whatever the reader's, with the zone named. The emails write it with the backend's
 * formatDeadline (backend common/deadline.ts); dates.test.ts holds the two equal.
 */
export function formatDeadline(iso: string, locale: string, timeZone = 'Europe/Bucharest'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
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
