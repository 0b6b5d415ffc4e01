import type { AdminMessageId } from '../i18n/admin-catalogue';

/**
 * The tour history's entries in the operator's words. The types are the backend's tour events
 * (issue 16); one it does not know yet is shown as it is named.
 */
const TYPES: Record<string, AdminMessageId> = {
  TourImported: 'admin.tourType.TourImported',
  EventAnnounced: 'admin.tourType.EventAnnounced',
  EventDetailsChanged: 'admin.tourType.EventDetailsChanged',
  EventPriceChanged: 'admin.tourType.EventPriceChanged',
  EventStatusChanged: 'admin.tourType.EventStatusChanged',
  EventCompleted: 'admin.tourType.EventCompleted',
  AutomaticOffersSwitched: 'admin.tourType.AutomaticOffersSwitched',
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

function valueOf(path: string, value: unknown): TourDetailValue {
  const field = path.split('.').at(-1) ?? path;
  if (typeof value === 'boolean') return { kind: 'yesNo', value };
  if (/priceminor$/i.test(field) && typeof value === 'number')
    return { kind: 'money', minor: value };
  if (/startsat$/i.test(field) && typeof value === 'string' && !Number.isNaN(Date.parse(value)))
    return { kind: 'instant', iso: value };
  if (/status$/i.test(field) && typeof value === 'string' && STATUSES[value])
    return { kind: 'message', key: STATUSES[value] };
  return { kind: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) };
}

/**
 * An entry's details, one line per field, nested objects (the localised names, a change's
 * before and after) flattened into paths; known fields named in the operator's language.
 */
export function tourDetails(details: Record<string, unknown> | null | undefined): TourDetail[] {
  const lines: TourDetail[] = [];
  const walk = (value: unknown, path: string) => {
    if (value === null || value === undefined) return;
    if (typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value as Record<string, unknown>))
        walk(inner, path ? `${path}.${key}` : key);
      return;
    }
    const label = FIELDS[path] ?? FIELDS[path.split('.').slice(-1)[0] ?? ''];
    lines.push({ path, ...(label ? { label } : {}), value: valueOf(path, value) });
  };
  walk(details && typeof details === 'object' ? details : {}, '');
  return lines;
}
