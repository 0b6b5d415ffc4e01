import { dateTimeFormat } from '../../../lib/intl-formats';

/** Slot starts are entered as the wall clock where the event takes place, in its time zone. */

export const DEFAULT_TIME_ZONE = 'Europe/Bucharest';

/** The IANA zones this browser knows, for the event form's select; the default always in it. */
export function timeZones(): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(DEFAULT_TIME_ZONE) ? known : [DEFAULT_TIME_ZONE, ...known].sort();
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

function wallParts(instant: number, timeZone: string) {
  const parts = Object.fromEntries(
    dateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** Minutes the zone is ahead of UTC at that instant. */
function offsetMinutes(instant: number, timeZone: string): number {
  const [, y, mo, d, h, mi] = WALL_TIME.exec(wallParts(instant, timeZone))!.map(Number);
  const asUtc = Date.UTC(y!, mo! - 1, d!, h!, mi!);
  return Math.round((asUtc - Math.floor(instant / 60_000) * 60_000) / 60_000);
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const size = Math.abs(minutes);
  return `${sign}${String(Math.floor(size / 60)).padStart(2, '0')}:${String(size % 60).padStart(2, '0')}`;
}

/**
 * A wall-clock time ("2026-12-03T19:30", as a datetime-local input gives it) in a zone, as an ISO
 * instant with that zone's offset ("2026-12-03T19:30:00+02:00"). Null when the text is not a
 * time, or the time does not exist there (skipped when the clocks move forward).
 */
export function zonedWallTimeToIso(wallTime: string, timeZone: string): string | null {
  const match = WALL_TIME.exec(wallTime);
  if (!match || !isTimeZone(timeZone)) return null;
  const [, y, mo, d, h, mi] = match.map(Number);
  const asUtc = Date.UTC(y!, mo! - 1, d!, h!, mi!);
  if (Number.isNaN(asUtc)) return null;
  // The offset at the guessed instant, then at the instant it gives: the second is right
  // unless the first guess fell across a change of the clocks.
  let offset = offsetMinutes(asUtc, timeZone);
  offset = offsetMinutes(asUtc - offset * 60_000, timeZone);
  const instant = asUtc - offset * 60_000;
  if (wallParts(instant, timeZone) !== wallTime) return null;
  return `${wallTime}:00${offsetText(offset)}`;
}

/** An instant as the wall clock in a zone, the value a datetime-local input takes. */
export function isoToZonedWallTime(iso: string, timeZone: string): string {
  const instant = new Date(iso).getTime();
  if (Number.isNaN(instant) || !isTimeZone(timeZone)) return '';
  return wallParts(instant, timeZone);
}
