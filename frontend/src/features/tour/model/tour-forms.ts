import type { AdminMessageId } from '../../../lib/admin-session/admin-catalogue';
import type { AddSlotRequest } from '../api/add-slot';
import type { AnnounceEventRequest } from '../api/announce-event';
import type { EditEventRequest } from '../api/edit-event';
import type { TourEventAdmin, TourLocalised } from '../api/get-tour';
import { DEFAULT_TIME_ZONE, isTimeZone, zonedWallTimeToIso } from './tour-time';
import { minorDigits } from '../../../lib/money';

/**
 * The Tour page's forms: what the operator typed, checked before it is sent, field by field, as
 * the site's registration form does. The server checks again and its refusals are shown too.
 */

export const EVENT_FIELDS = [
  'slug',
  'city',
  'venue',
  'cityIt',
  'venueIt',
  'cityRo',
  'venueRo',
  'date',
  'timeZone',
  'price',
  'currency',
  'status',
] as const;
export type EventField = (typeof EVENT_FIELDS)[number];
export type EventValues = Record<EventField, string>;

export const SLOT_FIELDS = ['startsAt', 'capacity', 'time'] as const;
export type SlotField = (typeof SLOT_FIELDS)[number];
export type SlotValues = Record<SlotField, string>;

export type FormErrors<F extends string> = Partial<Record<F, AdminMessageId>>;

/**
 * The server's rules of the tour's fields, as the OpenAPI document declares them (a test holds
 * them equal): a place's name (city, venue), an event's slug, a slot's name.
 */
export const NAME_MAX_LENGTH = 200;
export const SLUG_MAX_LENGTH = 60;
export const SLUG = /^[a-z][a-z0-9-]*$/;
export const SLOT_NAME_MAX_LENGTH = 60;

/** The bound each of the forms' texts takes as `{max}`: the rule's own, written once above. */
export const BOUND_OF_TEXT: Partial<Record<AdminMessageId, { max: number }>> = {
  'admin.tour.error.slugFormat': { max: SLUG_MAX_LENGTH },
  'admin.tour.error.nameTooLong': { max: NAME_MAX_LENGTH },
  'admin.tour.error.slotNameTooLong': { max: SLOT_NAME_MAX_LENGTH },
};
const WHOLE = /^\d{1,6}$/;
/** An ISO 4217 code's shape; the server says which currencies the payment provider takes. */
const CURRENCY = /^[A-Z]{3}$/;

export const EMPTY_EVENT: EventValues = {
  slug: '',
  city: '',
  venue: '',
  cityIt: '',
  venueIt: '',
  cityRo: '',
  venueRo: '',
  date: '',
  timeZone: DEFAULT_TIME_ZONE,
  price: '',
  currency: '',
  status: 'open',
};

export const EMPTY_SLOT: SlotValues = { startsAt: '', capacity: '20', time: '' };

/**
 * A price typed in the currency's units ("35", "35.50", "35,5" for RON; "3500" for JPY, whose
 * unit has no decimals) as minor units; null if not.
 */
export function priceToMinor(text: string, currency: string): number | null {
  const trimmed = text.trim();
  const digits = digitsOf(currency);
  const shape = digits === 0 ? WHOLE : new RegExp(`^\\d{1,6}(?:[.,]\\d{1,${digits}})?$`);
  if (!shape.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split(/[.,]/);
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** Minor units as the form shows them: "35" or "35.50" (RON), "3500" (JPY). */
export function minorToPrice(minor: number, currency: string): string {
  const digits = digitsOf(currency);
  const unit = 10 ** digits;
  return minor % unit === 0 ? String(minor / unit) : (minor / unit).toFixed(digits);
}

/** The currency's minor digits; two while what is typed is no currency code yet. */
function digitsOf(currency: string): number {
  return CURRENCY.test(currency) ? minorDigits(currency) : 2;
}

/** A currency as typed, as the server takes it: trimmed, in capitals. */
export function currencyOf(text: string): string {
  return text.trim().toUpperCase();
}

function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

export function validateEvent(values: EventValues, announcing: boolean): FormErrors<EventField> {
  const errors: FormErrors<EventField> = {};
  if (announcing) {
    const slug = values.slug.trim();
    if (!slug) errors.slug = 'admin.tour.error.slugRequired';
    else if (slug.length > SLUG_MAX_LENGTH || !SLUG.test(slug))
      errors.slug = 'admin.tour.error.slugFormat';
  }
  if (!values.city.trim()) errors.city = 'admin.tour.error.cityRequired';
  if (!values.venue.trim()) errors.venue = 'admin.tour.error.venueRequired';
  for (const field of ['city', 'venue', 'cityIt', 'venueIt', 'cityRo', 'venueRo'] as const) {
    if (!errors[field] && values[field].trim().length > NAME_MAX_LENGTH)
      errors[field] = 'admin.tour.error.nameTooLong';
  }
  if (!values.date) errors.date = 'admin.tour.error.dateRequired';
  else if (!isCalendarDate(values.date)) errors.date = 'admin.tour.error.dateFormat';
  if (!isTimeZone(values.timeZone)) errors.timeZone = 'admin.tour.error.timeZone';
  const currency = currencyOf(values.currency);
  if (!CURRENCY.test(currency)) errors.currency = 'admin.tour.error.currencyFormat';
  const price = priceToMinor(values.price, currency);
  if (!values.price.trim()) errors.price = 'admin.tour.error.priceRequired';
  else if (price === null || price <= 0)
    errors.price =
      digitsOf(currency) === 0
        ? 'admin.tour.error.priceWholeFormat'
        : 'admin.tour.error.priceFormat';
  return errors;
}

function localisedOf(values: EventValues): TourLocalised {
  const names = (city: string, venue: string) => ({
    ...(city.trim() ? { city: city.trim() } : {}),
    ...(venue.trim() ? { venue: venue.trim() } : {}),
  });
  const it = names(values.cityIt, values.venueIt);
  const ro = names(values.cityRo, values.venueRo);
  return {
    ...(Object.keys(it).length ? { it } : {}),
    ...(Object.keys(ro).length ? { ro } : {}),
  };
}

/** The announcement as the server takes it; call only on values that passed validateEvent. */
export function announceRequest(values: EventValues): AnnounceEventRequest {
  const localised = localisedOf(values);
  return {
    slug: values.slug.trim(),
    city: values.city.trim(),
    venue: values.venue.trim(),
    ...(Object.keys(localised).length ? { localised } : {}),
    date: values.date,
    timeZone: values.timeZone,
    priceMinor: priceToMinor(values.price, currencyOf(values.currency))!,
    currency: currencyOf(values.currency),
    status: values.status === 'coming-soon' ? 'coming-soon' : 'open',
  };
}

/** An event's current details as the form's starting values. */
export function eventValues(event: TourEventAdmin): EventValues {
  return {
    slug: event.slug,
    city: event.city,
    venue: event.venue,
    cityIt: event.localised.it?.city ?? '',
    venueIt: event.localised.it?.venue ?? '',
    cityRo: event.localised.ro?.city ?? '',
    venueRo: event.localised.ro?.venue ?? '',
    date: event.date,
    timeZone: event.timeZone,
    price: minorToPrice(event.priceMinor, event.currency),
    currency: event.currency,
    status: event.status,
  };
}

/** Only what the operator changed, so the history records what actually moved. */
export function editRequest(event: TourEventAdmin, values: EventValues): EditEventRequest {
  const changes: EditEventRequest = {};
  const city = values.city.trim();
  const venue = values.venue.trim();
  const currency = currencyOf(values.currency);
  const priceMinor = priceToMinor(values.price, currency)!;
  if (city !== event.city) changes.city = city;
  if (venue !== event.venue) changes.venue = venue;
  const localised = localisedOf(values);
  const before = localisedOf(eventValues(event));
  if (JSON.stringify(localised) !== JSON.stringify(before)) changes.localised = localised;
  if (values.date !== event.date) changes.date = values.date;
  if (values.timeZone !== event.timeZone) changes.timeZone = values.timeZone;
  if (priceMinor !== event.priceMinor) changes.priceMinor = priceMinor;
  if (currency !== event.currency) changes.currency = currency;
  if (
    values.status !== event.status &&
    (values.status === 'open' || values.status === 'coming-soon')
  )
    changes.status = values.status;
  return changes;
}

export function validateCapacity(text: string): AdminMessageId | undefined {
  const trimmed = text.trim();
  if (!trimmed) return 'admin.tour.error.capacityRequired';
  if (!WHOLE.test(trimmed) || Number(trimmed) < 1) return 'admin.tour.error.capacityFormat';
  return undefined;
}

export function validateStart(wallTime: string, timeZone: string): AdminMessageId | undefined {
  if (!wallTime) return 'admin.tour.error.startRequired';
  if (!zonedWallTimeToIso(wallTime, timeZone)) return 'admin.tour.error.startMissing';
  return undefined;
}

export function validateSlot(values: SlotValues, timeZone: string): FormErrors<SlotField> {
  const errors: FormErrors<SlotField> = {};
  const start = validateStart(values.startsAt, timeZone);
  if (start) errors.startsAt = start;
  const capacity = validateCapacity(values.capacity);
  if (capacity) errors.capacity = capacity;
  if (values.time.trim().length > SLOT_NAME_MAX_LENGTH)
    errors.time = 'admin.tour.error.slotNameTooLong';
  return errors;
}

/** The new slot as the server takes it; call only on values that passed validateSlot. */
export function addSlotRequest(values: SlotValues, timeZone: string): AddSlotRequest {
  const name = values.time.trim();
  return {
    startsAt: zonedWallTimeToIso(values.startsAt, timeZone)!,
    capacity: Number(values.capacity.trim()),
    ...(name ? { time: name } : {}),
  };
}
