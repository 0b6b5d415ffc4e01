// The open slot the scenarios register for. The server runs the demo tour (no TOUR_FILE outside
// production): Bucharest's open slot is upcoming and named after its date, so run.mjs reads it
// from /api/events once the server is up, as a visitor's page does.

export const openSlot = { time: '', day: /^$/, closedTime: '' };

/**
 * Reads the open Bucharest slot: its name, and its day as the form's radio label says it; and
 * the name of its closed slot.
 */
export async function readOpenSlot(baseURL) {
  const response = await fetch(`${baseURL}/api/events`);
  const events = await response.json();
  const bucharest = events.find((event) => event.slug === 'bucharest');
  const slot = bucharest?.slots.find((candidate) => candidate.status === 'open');
  if (!slot) throw new Error('The server offers no open Bucharest slot to register for');
  const day = new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    timeZone: bucharest.timeZone,
  }).format(new Date(slot.startsAt));
  openSlot.time = slot.time;
  openSlot.closedTime =
    bucharest.slots.find((candidate) => candidate.status === 'closed')?.time ?? '';
  openSlot.day = new RegExp(day);
  return openSlot;
}
