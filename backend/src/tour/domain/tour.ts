import { TourError, eventNotFound, slotNotFound } from './tour-errors';
import { isOpenForRegistration } from './registration-window';
import {
  checkCapacity,
  checkCurrency,
  checkDate,
  checkEventStatus,
  checkLocalised,
  checkOffsetInZone,
  checkPlaceName,
  checkPrice,
  checkSlotName,
  checkSlotStatus,
  checkSlug,
  checkStartsAt,
  checkTimeZone,
  checkTimeZoneSpelling,
  tourName,
  type Check,
  type EventStatus,
  type LocalisedPlaces,
  type SlotStatus,
} from './tour-rules';
import { canonicalTimeZone } from '../../common/time-zone';
import { slotName } from './slot-names';

/**
 * The tour as events: one stream per tour event (its details and its slots), decided here from
 * the stream's state and folded back with evolve(). Plain TypeScript, like the registration's
 * domain: the store, the read model and the HTTP routes ask it.
 */

export interface Slot {
  /** The slot's name as visitors and operators know it, e.g. 'Oct 30 - 7:30pm'. */
  time: string;
  startsAt: string;
  status: SlotStatus;
  capacity: number;
}

/** The details of an event an operator may edit. */
export interface EventDetails {
  city: string;
  venue: string;
  /** The city and venue in other languages, where they differ from English. */
  localised: LocalisedPlaces;
  date: string;
  timeZone: string;
  status: EventStatus;
  /** A seat's price in the currency's minor unit (3500 bani: 35 RON). */
  priceMinor: number;
  /** The stop's ISO 4217 currency, one the payment provider takes (common/money.ts). */
  currency: string;
}

/** An event of the tour: its details (no other languages' places unless it has some), and slots. */
export interface TourEvent extends Omit<EventDetails, 'localised'> {
  slug: string;
  localised?: LocalisedPlaces;
  /** Whether a freed seat is offered to the next person waiting without an operator. */
  automaticOffers: boolean;
  slots: Slot[];
}

export interface Tour {
  /**
   * The tour's currency: an event that names none (in a tour file, or announced before each
   * event had its own) is priced in it.
   */
  currency: string;
  events: TourEvent[];
}

export type TourFact =
  | { type: 'TourImported'; data: { currency: string; source: string } }
  | {
      type: 'EventAnnounced';
      data: EventDetails & { slug: string; automaticOffers: boolean };
    }
  | { type: 'EventDetailsEdited'; data: { slug: string } & Partial<EventDetails> }
  | { type: 'AutomaticOffersSwitched'; data: { slug: string; enabled: boolean } }
  | { type: 'EventCompleted'; data: { slug: string } }
  | {
      type: 'SlotAdded';
      data: { slug: string; time: string; startsAt: string; capacity: number; status: SlotStatus };
    }
  | { type: 'SlotMoved'; data: { slug: string; time: string; startsAt: string; from: string } }
  | {
      type: 'SlotCapacityChanged';
      data: { slug: string; time: string; capacity: number; from: number };
    }
  | { type: 'SlotClosed'; data: { slug: string; time: string } }
  | { type: 'SlotReopened'; data: { slug: string; time: string } };

export type TourEventFact = Exclude<TourFact, { type: 'TourImported' }>;

export const TOUR_FACT_TYPES: readonly TourFact['type'][] = [
  'TourImported',
  'EventAnnounced',
  'EventDetailsEdited',
  'AutomaticOffersSwitched',
  'EventCompleted',
  'SlotAdded',
  'SlotMoved',
  'SlotCapacityChanged',
  'SlotClosed',
  'SlotReopened',
];

/** The stream of the tour itself (its currency, and that it was imported). */
export const TOUR_STREAM = 'tour';
const EVENT_STREAM_PREFIX = 'tour-event-';

export function tourEventStreamId(slug: string): string {
  return `${EVENT_STREAM_PREFIX}${slug}`;
}

/** The tour's streams: its own and each event's (the log's tour-event-… streams). */
export const TOUR_STREAMS = { stream: TOUR_STREAM, prefix: EVENT_STREAM_PREFIX } as const;

/** An event as its facts so far leave it; undefined before it was announced. */
export function evolve(state: TourEvent | undefined, fact: TourEventFact): TourEvent {
  if (fact.type === 'EventAnnounced') {
    const { slug, automaticOffers, localised, ...details } = fact.data;
    return {
      slug,
      ...details,
      ...(Object.keys(localised).length > 0 ? { localised } : {}),
      automaticOffers,
      slots: [],
    };
  }
  if (!state) throw new Error(`${fact.type} before EventAnnounced`);
  const slot = (time: string, change: (slot: Slot) => Slot) => ({
    ...state,
    slots: state.slots.map((candidate) =>
      candidate.time === time ? change(candidate) : candidate,
    ),
  });
  switch (fact.type) {
    case 'EventDetailsEdited': {
      const { slug: _slug, localised, ...changes } = fact.data;
      const next: TourEvent = { ...state, ...changes };
      if (localised !== undefined) {
        if (Object.keys(localised).length > 0) next.localised = localised;
        else delete next.localised;
      }
      return next;
    }
    case 'AutomaticOffersSwitched':
      return { ...state, automaticOffers: fact.data.enabled };
    case 'EventCompleted':
      return {
        ...state,
        status: 'completed',
        slots: state.slots.map((item) => ({ ...item, status: 'closed' })),
      };
    case 'SlotAdded': {
      const { slug: _slug, ...added } = fact.data;
      return { ...state, slots: [...state.slots, added] };
    }
    case 'SlotMoved':
      return slot(fact.data.time, (item) => ({ ...item, startsAt: fact.data.startsAt }));
    case 'SlotCapacityChanged':
      return slot(fact.data.time, (item) => ({ ...item, capacity: fact.data.capacity }));
    case 'SlotClosed':
      return slot(fact.data.time, (item) => ({ ...item, status: 'closed' }));
    case 'SlotReopened':
      return slot(fact.data.time, (item) => ({ ...item, status: 'open' }));
  }
}

export function replay(facts: TourEventFact[]): TourEvent | undefined {
  return facts.reduce<TourEvent | undefined>((state, fact) => evolve(state, fact), undefined);
}

/** An operator's use cases on the tour, one command each, decided by its function below. */
export interface AnnounceEvent extends Omit<EventDetails, 'localised' | 'status'> {
  type: 'AnnounceEvent';
  slug: string;
  localised?: LocalisedPlaces;
  status?: 'open' | 'coming-soon';
}

export interface EditEvent {
  type: 'EditEvent';
  slug: string;
  changes: Partial<Omit<EventDetails, 'status'>> & {
    status?: 'open' | 'coming-soon';
    automaticOffers?: boolean;
  };
}

export interface CompleteEvent {
  type: 'CompleteEvent';
  slug: string;
}

export interface AddSlot {
  type: 'AddSlot';
  slug: string;
  startsAt: string;
  capacity: number;
  time?: string;
}

export interface EditSlot {
  type: 'EditSlot';
  slug: string;
  time: string;
  capacity?: number;
  startsAt?: string;
  /** The seats the slot's registrations take now, read under the slot's lock. */
  seatsTaken: number;
  /** The clock when the change is decided: no slot moves into the past. */
  now: Date;
}

export interface CloseSlot {
  type: 'CloseSlot';
  slug: string;
  time: string;
}

export interface ReopenSlot {
  type: 'ReopenSlot';
  slug: string;
  time: string;
  /** When it is asked, and how long before its start a slot stops taking registrations. */
  now: Date;
  closesMinutesBefore: number;
}

function refuse(check: Check, field: string): void {
  if (check) throw new TourError('tour-field-invalid', capitalise(check), field);
}

/**
 * What no event can be named is not looked for: a slug that cannot be one is refused before
 * its stream is read. To announce, the slug is invalid (400); to change an event, there is none
 * (404).
 */
export function refuseInvalidSlug(slug: string): void {
  refuse(checkSlug(slug), 'slug');
}

export function refuseUnnamedEvent(slug: string): void {
  if (checkSlug(slug)) throw eventNotFound(slug);
}

/** Nor a slot that cannot be named so: its event, then the slot, are not found (404). */
export function refuseUnnamedSlot(slug: string, time: string): void {
  refuseUnnamedEvent(slug);
  if (checkSlotName(time)) throw slotNotFound(slug, time);
}

function capitalise(text: string): string {
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

function existing(state: TourEvent | undefined, slug: string): TourEvent {
  if (!state) throw eventNotFound(slug);
  return state;
}

function existingSlot(state: TourEvent, time: string): Slot {
  const slot = state.slots.find((candidate) => candidate.time === time);
  if (!slot) throw slotNotFound(state.slug, time);
  return slot;
}

/** A text field as the tour keeps it (tourName); anything else is left for its check to refuse. */
function asName<T>(value: T): T {
  return (typeof value === 'string' ? tourName(value) : value) as T;
}

function asLocalised(value: LocalisedPlaces | undefined): LocalisedPlaces | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([language, names]) => [
      language,
      names && typeof names === 'object' && !Array.isArray(names)
        ? Object.fromEntries(Object.entries(names).map(([name, text]) => [name, asName(text)]))
        : names,
    ]),
  ) as LocalisedPlaces;
}

/**
 * An operator's details as the tour keeps them: names composed with single spaces, the time
 * zone spelled as IANA does. What is not text is left as it came, for its check to refuse.
 */
function normalisedDetails<T extends Partial<EventDetails>>(details: T): T {
  const next: T = { ...details };
  if (details.city !== undefined) next.city = asName(details.city);
  if (details.venue !== undefined) next.venue = asName(details.venue);
  if (details.localised !== undefined) next.localised = asLocalised(details.localised);
  if (details.timeZone !== undefined) {
    next.timeZone = canonicalTimeZone(details.timeZone) ?? details.timeZone;
  }
  return next;
}

/** The slot of `event` that starts at the instant `startsAt`, other than `except`. */
function slotAtInstant(event: TourEvent, startsAt: string, except?: string): Slot | undefined {
  const instant = Date.parse(startsAt);
  return event.slots.find((slot) => slot.time !== except && Date.parse(slot.startsAt) === instant);
}

function sameInstantConflict(event: TourEvent, other: Slot): TourError {
  return new TourError(
    'slot-instant-taken',
    `The event "${event.slug}" has a slot at that time already: "${other.time}".`,
    'startsAt',
  );
}

function checkDetails(details: Partial<EventDetails>): void {
  if (details.city !== undefined) refuse(checkPlaceName(details.city, 'city'), 'city');
  if (details.venue !== undefined) refuse(checkPlaceName(details.venue, 'venue'), 'venue');
  if (details.localised !== undefined) refuse(checkLocalised(details.localised), 'localised');
  if (details.date !== undefined) refuse(checkDate(details.date), 'date');
  if (details.timeZone !== undefined) refuse(checkTimeZone(details.timeZone), 'timeZone');
  if (details.priceMinor !== undefined) refuse(checkPrice(details.priceMinor), 'priceMinor');
  if (details.currency !== undefined && checkCurrency(details.currency)) {
    throw new TourError(
      'currency-not-accepted',
      capitalise(checkCurrency(details.currency)!),
      'currency',
    );
  }
}

/** The statuses an operator may give an event (it becomes past by being completed). */
export const EDITABLE_EVENT_STATUSES: readonly EventStatus[] = ['open', 'coming-soon'];

/** The facts announcing an event: its details checked, its slug free. */
export function announceEvent(
  state: TourEvent | undefined,
  command: AnnounceEvent,
): TourEventFact[] {
  const slug = command.slug;
  refuseInvalidSlug(slug);
  const status = command.status ?? 'open';
  refuse(checkEventStatus(status, EDITABLE_EVENT_STATUSES), 'status');
  const details: EventDetails = normalisedDetails({
    city: command.city,
    venue: command.venue,
    localised: command.localised ?? {},
    date: command.date,
    timeZone: command.timeZone,
    priceMinor: command.priceMinor,
    currency: command.currency,
    status,
  });
  for (const field of ['city', 'venue', 'date', 'timeZone', 'priceMinor', 'currency'] as const) {
    if (details[field] === undefined) refuse(`the ${field} is required`, field);
  }
  checkDetails(details);
  if (state) {
    throw new TourError('event-slug-taken', `The tour has an event "${slug}" already.`, 'slug');
  }
  return [{ type: 'EventAnnounced', data: { slug, ...details, automaticOffers: true } }];
}

/** The facts an edit of an event's details, status or automatic offers records: only what changes. */
export function editEvent(state: TourEvent | undefined, command: EditEvent): TourEventFact[] {
  const slug = command.slug;
  const { automaticOffers, ...given } = command.changes;
  const changes = normalisedDetails(given);
  if (changes.status !== undefined) {
    refuse(checkEventStatus(changes.status, EDITABLE_EVENT_STATUSES), 'status');
  }
  if (automaticOffers !== undefined && typeof automaticOffers !== 'boolean') {
    refuse('automatic offers must be true or false', 'automaticOffers');
  }
  checkDetails(changes);
  const event = existing(state, slug);
  const edited: Partial<EventDetails> = {};
  for (const [field, value] of Object.entries(changes) as [keyof EventDetails, unknown][]) {
    const current = field === 'localised' ? (event.localised ?? {}) : event[field];
    if (value !== undefined && JSON.stringify(value) !== JSON.stringify(current)) {
      Object.assign(edited, { [field]: value });
    }
  }
  const facts: TourEventFact[] = [];
  if (Object.keys(edited).length > 0) {
    facts.push({ type: 'EventDetailsEdited', data: { slug, ...edited } });
  }
  if (automaticOffers !== undefined && automaticOffers !== event.automaticOffers) {
    facts.push({ type: 'AutomaticOffersSwitched', data: { slug, enabled: automaticOffers } });
  }
  return facts;
}

/** The fact completing an event (none if it is completed already). */
export function completeEvent(
  state: TourEvent | undefined,
  command: CompleteEvent,
): TourEventFact[] {
  const slug = command.slug;
  const event = existing(state, slug);
  return event.status === 'completed' ? [] : [{ type: 'EventCompleted', data: { slug } }];
}

/** The fact adding a slot: its start in the event's zone, its name and instant free. */
export function addSlot(state: TourEvent | undefined, command: AddSlot): TourEventFact[] {
  const slug = command.slug;
  refuse(checkStartsAt(command.startsAt), 'startsAt');
  refuse(checkCapacity(command.capacity), 'capacity');
  if (command.time !== undefined) refuse(checkSlotName(asName(command.time)), 'time');
  const event = existing(state, slug);
  if (event.status === 'completed') {
    throw new TourError(
      'event-completed',
      `The event "${slug}" is completed: it takes no new slots.`,
    );
  }
  refuse(checkOffsetInZone(command.startsAt, event.timeZone), 'startsAt');
  const time =
    (command.time === undefined ? '' : tourName(command.time)) ||
    slotName(new Date(command.startsAt), event.timeZone);
  const twin = slotAtInstant(event, command.startsAt);
  if (twin) throw sameInstantConflict(event, twin);
  if (event.slots.some((slot) => slot.time === time)) {
    throw new TourError(
      'slot-name-taken',
      `The event "${slug}" has a slot "${time}" already.`,
      'time',
    );
  }
  return [
    {
      type: 'SlotAdded',
      data: {
        slug,
        time,
        startsAt: command.startsAt,
        capacity: command.capacity,
        status: 'open',
      },
    },
  ];
}

/** The facts moving a slot or changing its capacity (not below the seats taken). */
export function editSlot(state: TourEvent | undefined, command: EditSlot): TourEventFact[] {
  const slug = command.slug;
  if (command.startsAt !== undefined) refuse(checkStartsAt(command.startsAt), 'startsAt');
  if (command.capacity !== undefined) refuse(checkCapacity(command.capacity), 'capacity');
  const event = existing(state, slug);
  const slot = existingSlot(event, command.time);
  const facts: TourEventFact[] = [];
  if (
    command.startsAt !== undefined &&
    Date.parse(command.startsAt) !== Date.parse(slot.startsAt)
  ) {
    refuse(checkOffsetInZone(command.startsAt, event.timeZone), 'startsAt');
    if (Date.parse(command.startsAt) <= command.now.getTime()) {
      refuse('a slot cannot be moved into the past', 'startsAt');
    }
    const twin = slotAtInstant(event, command.startsAt, slot.time);
    if (twin) throw sameInstantConflict(event, twin);
    facts.push({
      type: 'SlotMoved',
      data: { slug, time: slot.time, startsAt: command.startsAt, from: slot.startsAt },
    });
  }
  if (command.capacity !== undefined && command.capacity !== slot.capacity) {
    if (command.capacity < command.seatsTaken) {
      const taken = command.seatsTaken;
      throw new TourError(
        'capacity-below-seats-taken',
        `This slot has ${taken} ${taken === 1 ? 'seat' : 'seats'} taken; its capacity cannot go below ${taken}.`,
        'capacity',
      );
    }
    facts.push({
      type: 'SlotCapacityChanged',
      data: { slug, time: slot.time, capacity: command.capacity, from: slot.capacity },
    });
  }
  return facts;
}

/** The fact closing a slot to registration (none if it is closed already). */
export function closeSlot(state: TourEvent | undefined, command: CloseSlot): TourEventFact[] {
  const slug = command.slug;
  const slot = existingSlot(existing(state, slug), command.time);
  return slot.status === 'closed' ? [] : [{ type: 'SlotClosed', data: { slug, time: slot.time } }];
}

/** The fact reopening a slot (none if it is open), while registration for it can still open. */
export function reopenSlot(state: TourEvent | undefined, command: ReopenSlot): TourEventFact[] {
  const slug = command.slug;
  const event = existing(state, slug);
  const slot = existingSlot(event, command.time);
  if (event.status === 'completed') {
    throw new TourError(
      'event-completed',
      `The event "${slug}" is completed: its slots stay closed.`,
    );
  }
  refuseReopeningPastSlot(slot, command.now, command.closesMinutesBefore);
  return slot.status === 'open' ? [] : [{ type: 'SlotReopened', data: { slug, time: slot.time } }];
}

/**
 * A slot whose registration has closed by the clock (it has started, or starts within the
 * closing time) cannot be reopened: it would read open while no one can register in it.
 */
function refuseReopeningPastSlot(slot: Slot, now: Date, closesMinutesBefore: number): void {
  const open = isOpenForRegistration(
    { status: 'open', startsAt: new Date(slot.startsAt) },
    now,
    closesMinutesBefore,
  );
  if (!open) {
    throw new TourError(
      'slot-started',
      'This slot has started, or is about to: registration for it has closed, so it cannot be reopened.',
    );
  }
}

/**
 * The facts that bring a tour read from a file into the log: each event announced as the file
 * has it (completed ones too), then its slots added in the file's order with their status.
 */
export function importedFacts(event: TourEvent): TourEventFact[] {
  const { slug, slots, automaticOffers, localised, ...details } = event;
  return [
    {
      type: 'EventAnnounced',
      data: { slug, ...details, localised: localised ?? {}, automaticOffers },
    },
    ...slots.map((slot): TourEventFact => ({ type: 'SlotAdded', data: { slug, ...slot } })),
  ];
}

/**
 * The checks of a whole tour (a file's), with the same rules as the operator's commands: each
 * problem named with the event and slot it is in.
 */
export function tourProblems(raw: unknown): string[] {
  const problems: string[] = [];
  const add = (where: string, check: Check) => {
    if (check) problems.push(`${where}: ${check}`);
  };
  if (!raw || typeof raw !== 'object') return ['expected an object'];
  const tour = raw as { currency?: unknown; events?: unknown };
  add('tour', checkCurrency(tour.currency));
  if (!Array.isArray(tour.events) || tour.events.length === 0) {
    return [...problems, 'events must be a list'];
  }
  const slugs = new Set<string>();
  for (const event of tour.events as Record<string, unknown>[]) {
    const where = String(event?.slug);
    add(where, checkSlug(event?.slug));
    if (slugs.has(where)) problems.push(`${where}: the event appears twice`);
    slugs.add(where);
    add(where, checkEventStatus(event.status));
    add(where, checkDate(event.date));
    add(where, checkTimeZone(event.timeZone) ?? checkTimeZoneSpelling(event.timeZone));
    add(where, checkPrice(event.priceMinor));
    if (event.currency !== undefined) add(where, checkCurrency(event.currency));
    add(where, checkPlaceName(event.city, 'city'));
    add(where, checkPlaceName(event.venue, 'venue'));
    add(where, checkLocalised(event.localised));
    if (event.automaticOffers !== undefined && typeof event.automaticOffers !== 'boolean') {
      problems.push(`${where}: automaticOffers must be true or false`);
    }
    if (!Array.isArray(event.slots)) {
      problems.push(`${where}: slots must be a list`);
      continue;
    }
    const times = new Set<string>();
    const instants = new Map<number, string>();
    const zoneKnown = checkTimeZone(event.timeZone) === undefined;
    for (const slot of event.slots as Record<string, unknown>[]) {
      const at = `${where}/${String(slot?.time)}`;
      add(at, checkSlotName(slot?.time));
      if (times.has(String(slot?.time))) problems.push(`${at}: the slot appears twice`);
      times.add(String(slot?.time));
      const badStart = checkStartsAt(slot?.startsAt);
      add(at, badStart);
      if (!badStart) {
        const startsAt = slot.startsAt as string;
        if (zoneKnown) add(at, checkOffsetInZone(startsAt, event.timeZone as string));
        const twin = instants.get(Date.parse(startsAt));
        if (twin !== undefined) problems.push(`${at}: starts at the same time as ${twin}`);
        instants.set(Date.parse(startsAt), String(slot.time));
      }
      add(at, checkSlotStatus(slot?.status));
      add(at, checkCapacity(slot?.capacity));
    }
  }
  return problems;
}
