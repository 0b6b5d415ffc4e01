import { isoToZonedWallTime, timeZones, zonedWallTimeToIso } from './tour-time';

describe('slot starts in the event’s time zone', () => {
  it('turn a wall-clock time into an instant with the zone’s offset, winter and summer', () => {
    expect(zonedWallTimeToIso('2026-12-03T19:30', 'Europe/Bucharest')).toBe(
      '2026-12-03T19:30:00+02:00',
    );
    expect(zonedWallTimeToIso('2026-07-03T19:30', 'Europe/Bucharest')).toBe(
      '2026-07-03T19:30:00+03:00',
    );
    expect(zonedWallTimeToIso('2026-07-03T20:00', 'Europe/Rome')).toBe('2026-07-03T20:00:00+02:00');
    expect(zonedWallTimeToIso('2026-07-03T20:00', 'America/St_Johns')).toBe(
      '2026-07-03T20:00:00-02:30',
    );
    expect(
      new Date(zonedWallTimeToIso('2026-12-03T19:30', 'Europe/Bucharest')!).toISOString(),
    ).toBe('2026-12-03T17:30:00.000Z');
  });

  it('refuse a time the clocks skip, a malformed time and an unknown zone', () => {
    // Bucharest moves from 03:00 to 04:00 on the last Sunday of March.
    expect(zonedWallTimeToIso('2026-03-29T03:30', 'Europe/Bucharest')).toBeNull();
    expect(zonedWallTimeToIso('2026-03-29T04:30', 'Europe/Bucharest')).toBe(
      '2026-03-29T04:30:00+03:00',
    );
    expect(zonedWallTimeToIso('3 Dec 19:30', 'Europe/Bucharest')).toBeNull();
    expect(zonedWallTimeToIso('2026-12-03T19:30', 'Mars/Olympus')).toBeNull();
  });

  it('show an instant as the wall clock where the event is', () => {
    expect(isoToZonedWallTime('2026-12-03T17:30:00.000Z', 'Europe/Bucharest')).toBe(
      '2026-12-03T19:30',
    );
    expect(isoToZonedWallTime('2026-12-03T17:30:00.000Z', 'Europe/Rome')).toBe('2026-12-03T18:30');
  });

  it('offer the IANA zones, the default among them', () => {
    expect(timeZones()).toEqual(expect.arrayContaining(['Europe/Bucharest', 'Europe/Rome']));
  });
});
