import { dateTimeFormat } from '../../common/intl-formats';

/** The clocks of a time zone, read without a library: what names slots and dates. */

export function localParts(instant: Date, timeZone: string) {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
  };
}

/** The calendar date (YYYY-MM-DD) of `instant` in `timeZone`. */
export function localDate(instant: Date, timeZone: string): string {
  const { year, month, day } = localParts(instant, timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** The instant when the clocks of `timeZone` show `date` at hour:minute. */
export function zonedInstant(date: string, hour: number, minute: number, timeZone: string): Date {
  const asUtc = Date.parse(
    `${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`,
  );
  // The zone's offset at that moment, found by reading the clocks there (twice, across a change).
  let instant = asUtc;
  for (let pass = 0; pass < 2; pass += 1) {
    const shown = localParts(new Date(instant), timeZone);
    const shownUtc = Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute);
    instant += asUtc - shownUtc;
  }
  return new Date(instant);
}

/** 'Oct 30 - 7:30pm': the record's way of naming a slot. */
export function slotName(instant: Date, timeZone: string): string {
  const { hour, minute } = localParts(instant, timeZone);
  const month = dateTimeFormat('en-US', { timeZone, month: 'short' }).format(instant);
  const { day } = localParts(instant, timeZone);
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${month} ${day} - ${hour12}:${String(minute).padStart(2, '0')}${hour < 12 ? 'am' : 'pm'}`;
}
