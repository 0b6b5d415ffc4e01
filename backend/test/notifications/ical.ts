/** A small RFC 5545 reader for tests: unfolds lines and answers the VEVENT's properties. */
export function readCalendarEvent(ics: string): Record<string, string> {
  const unfolded = ics.replace(/\r\n[ \t]/g, '');
  const lines = unfolded.split('\r\n').filter((line) => line !== '');
  const start = lines.indexOf('BEGIN:VEVENT');
  const end = lines.indexOf('END:VEVENT');
  if (start < 0 || end < start) throw new Error('No VEVENT');
  const properties: Record<string, string> = {};
  for (const line of lines.slice(start + 1, end)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).split(';')[0];
    properties[name] = line
      .slice(colon + 1)
      .replace(/\\n/gi, '\n')
      .replace(/\\([,;\\])/g, '$1');
  }
  return properties;
}

/** 20251030T173000Z → the instant it names. */
export function parseUtcStamp(value: string): Date {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) throw new Error(`Not a UTC date-time: ${value}`);
  const [, y, mo, d, h, mi, s] = match.map(Number);
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
}
