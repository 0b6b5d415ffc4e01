import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { LiveTour, type Tour } from '../src/tour/live-tour';
import { OPEN_SLOT } from './http';

/** How far ahead the tests' open slot starts: far enough that no test run reaches it. */
const OPEN_SLOT_DAYS_AHEAD = 30;

const DAY_MS = 86_400_000;

/**
 * SPEC's record of the tour with its open slot (OPEN_SLOT) moved by whole days to start at least
 * 30 days after `now`: the tests register for it whatever today's date is. Tests about the clock
 * build their own tours.
 */
export function testTour(now: Date = new Date()): Tour {
  const tour = structuredClone(LiveTour.load().tour);
  for (const event of tour.events) {
    for (const slot of event.slots) {
      if (slot.time === OPEN_SLOT) {
        const recorded = Date.parse(slot.startsAt);
        const days =
          Math.max(0, Math.ceil((now.getTime() - recorded) / DAY_MS)) + OPEN_SLOT_DAYS_AHEAD;
        slot.startsAt = new Date(recorded + days * DAY_MS).toISOString();
      }
    }
  }
  return tour;
}

export function testCatalogue(now?: Date): LiveTour {
  return new LiveTour(testTour(now));
}

/** The tests' tour with its open Bucharest slot (OPEN_SLOT) cut down to `seats` seats. */
export function catalogueWithSeats(seats: number): LiveTour {
  const tour = testTour();
  const bucharest = tour.events.find((event) => event.slug === 'bucharest');
  const slot = bucharest?.slots.find((candidate) => candidate.time === OPEN_SLOT);
  if (!slot) throw new Error(`The tests' tour has no Bucharest slot ${OPEN_SLOT}`);
  slot.capacity = seats;
  return new LiveTour(tour);
}

let written: string | undefined;

/** testTour() as a file, for TOUR_FILE of the server processes a test starts. */
export function testTourFile(): string {
  if (!written) {
    written = path.join(mkdtempSync(path.join(tmpdir(), 'test-tour-')), 'tour.json');
    writeFileSync(written, JSON.stringify(testTour()));
  }
  return written;
}
