import type { AdminMessageId } from '../../../lib/admin-session/admin-catalogue';

/**
 * The tour history's entries in the operator's words: the backend's tour facts (its history
 * answers each with its data, the slug taken out as `event`). A type it adds later is shown as
 * it is named.
 */
const TYPES: Record<string, AdminMessageId> = {
  TourImported: 'admin.tourType.TourImported',
  EventAnnounced: 'admin.tourType.EventAnnounced',
  EventDetailsEdited: 'admin.tourType.EventDetailsEdited',
  AutomaticOffersSwitched: 'admin.tourType.AutomaticOffersSwitched',
  EventCompleted: 'admin.tourType.EventCompleted',
  SlotAdded: 'admin.tourType.SlotAdded',
  SlotMoved: 'admin.tourType.SlotMoved',
  SlotCapacityChanged: 'admin.tourType.SlotCapacityChanged',
  SlotClosed: 'admin.tourType.SlotClosed',
  SlotReopened: 'admin.tourType.SlotReopened',
};

export function tourEntryType(type: string): AdminMessageId | undefined {
  return TYPES[type];
}

const FIELDS: Record<string, AdminMessageId> = {
  slug: 'admin.tour.field.slug',
  event: 'admin.tour.field.slug',
  city: 'admin.tour.field.city',
  venue: 'admin.tour.field.venue',
  'localised.it.city': 'admin.tour.field.cityIt',
  'localised.it.venue': 'admin.tour.field.venueIt',
  'localised.ro.city': 'admin.tour.field.cityRo',
  'localised.ro.venue': 'admin.tour.field.venueRo',
  date: 'admin.tour.field.date',
  timeZone: 'admin.tour.field.timeZone',
  priceMinor: 'admin.tour.field.price',
  status: 'admin.tour.field.status',
  automaticOffers: 'admin.tour.field.automaticOffers',
  time: 'admin.tour.field.slotName',
  startsAt: 'admin.tour.field.start',
  capacity: 'admin.tour.field.capacity',
  seatsTaken: 'admin.tour.field.seatsTaken',
  currency: 'admin.tour.field.currency',
  source: 'admin.tour.field.source',
};

/** A field whose meaning is its fact's: AutomaticOffersSwitched's `enabled`, a change's `from`. */
const FIELDS_OF_TYPE: Record<string, Record<string, AdminMessageId>> = {
  AutomaticOffersSwitched: { enabled: 'admin.tour.field.automaticOffers' },
  SlotMoved: { from: 'admin.tour.field.previousStart' },
  SlotCapacityChanged: { from: 'admin.tour.field.previousCapacity' },
};

/** Where TourImported's tour came from (the backend's Catalogue.sourceFor). */
const SOURCES: Record<string, AdminMessageId> = {
  'tour-file': 'admin.tour.source.tourFile',
  record: 'admin.tour.source.record',
  'demo-tour': 'admin.tour.source.demoTour',
};

const STATUSES: Record<string, AdminMessageId> = {
  open: 'admin.tour.status.open',
  closed: 'admin.tour.status.closed',
  completed: 'admin.tour.status.completed',
  'coming-soon': 'admin.tour.status.comingSoon',
};

/** How a value is to be shown: each kind has its own formatting in the drawer. */
export type TourDetailValue =
  | { kind: 'text'; text: string }
  | { kind: 'message'; key: AdminMessageId }
  | { kind: 'yesNo'; value: boolean }
  | { kind: 'money'; minor: number }
  | { kind: 'instant'; iso: string };

export interface TourDetail {
  /** The field's path in the details, e.g. "localised.it.city". */
  path: string;
  label?: AdminMessageId;
  value: TourDetailValue;
}

function valueOf(type: string, path: string, value: unknown): TourDetailValue {
  const field = path.split('.').at(-1) ?? path;
  if (typeof value === 'boolean') return { kind: 'yesNo', value };
  if (type === 'SlotMoved' && path === 'from' && typeof value === 'string')
    return { kind: 'instant', iso: value };
  if (path === 'source' && typeof value === 'string' && SOURCES[value])
    return { kind: 'message', key: SOURCES[value] };
  if (/priceminor$/i.test(field) && typeof value === 'number')
    return { kind: 'money', minor: value };
  if (/startsat$/i.test(field) && typeof value === 'string' && !Number.isNaN(Date.parse(value)))
    return { kind: 'instant', iso: value };
  if (/status$/i.test(field) && typeof value === 'string' && STATUSES[value])
    return { kind: 'message', key: STATUSES[value] };
  return { kind: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) };
}

/**
 * The order the operator reads a fact's fields in, as the Tour page's forms list them. The
 * server's details come in PostgreSQL's jsonb order (shortest key first), not the fact's.
 */
const FIELD_ORDER = [
  'time',
  'city',
  'venue',
  'localised',
  'date',
  'timeZone',
  'startsAt',
  'capacity',
  'from',
  'priceMinor',
  'status',
  'automaticOffers',
  'enabled',
  'currency',
  'source',
];

function rank(path: string): number {
  const at = FIELD_ORDER.indexOf(path.split('.')[0] ?? path);
  return at === -1 ? FIELD_ORDER.length : at;
}

/**
 * An entry's details, one line per field in the operator's order, nested objects (the localised
 * names) flattened into paths; known fields named in the operator's language, a field whose
 * meaning depends on the fact (`from`: the previous start or capacity) by its fact's type.
 */
export function tourDetails(
  type: string,
  details: Record<string, unknown> | null | undefined,
): TourDetail[] {
  const lines: TourDetail[] = [];
  const walk = (value: unknown, path: string) => {
    if (value === null || value === undefined) return;
    if (typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value as Record<string, unknown>))
        walk(inner, path ? `${path}.${key}` : key);
      return;
    }
    const label =
      FIELDS_OF_TYPE[type]?.[path] ?? FIELDS[path] ?? FIELDS[path.split('.').slice(-1)[0] ?? ''];
    lines.push({ path, ...(label ? { label } : {}), value: valueOf(type, path, value) });
  };
  walk(details && typeof details === 'object' ? details : {}, '');
  // A stable sort: the localised names keep their own order, unknown fields come last as sent.
  return lines.sort((a, b) => rank(a.path) - rank(b.path));
}
