/**
 * A one-event iCalendar (RFC 5545) invitation: start and end in UTC, the venue as LOCATION.
 * Text is escaped and lines are folded at 75 octets, as calendar programs expect.
 */
export interface CalendarInvitation {
  uid: string;
  startsAt: Date;
  durationMinutes: number;
  summary: string;
  description: string;
  location: string;
  stampedAt: Date;
}

function utc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n/g, '\\n');
}

function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character);
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function renderCalendarInvitation(invitation: CalendarInvitation): string {
  const endsAt = new Date(invitation.startsAt.getTime() + invitation.durationMinutes * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Dream Darkroom//Tickets//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${invitation.uid}`,
    `DTSTAMP:${utc(invitation.stampedAt)}`,
    `DTSTART:${utc(invitation.startsAt)}`,
    `DTEND:${utc(endsAt)}`,
    `SUMMARY:${escapeText(invitation.summary)}`,
    `DESCRIPTION:${escapeText(invitation.description)}`,
    `LOCATION:${escapeText(invitation.location)}`,
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
