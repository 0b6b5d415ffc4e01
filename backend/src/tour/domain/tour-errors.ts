import { DomainError, only } from '../../common/domain-error';

/** What a change of the tour may be refused with, each code with its HTTP status. */
const TOUR_CODES = {
  'tour-field-invalid': 400,
  'currency-not-accepted': 400,
  'event-not-found': 404,
  'slot-not-found': 404,
  'event-slug-taken': 409,
  'slot-name-taken': 409,
  'slot-instant-taken': 409,
  'event-completed': 409,
  'capacity-below-seats-taken': 409,
  'slot-started': 409,
  'concurrent-change': 409,
} as const;

export type TourRefusal = keyof typeof TOUR_CODES;

/** The tour's domain errors; the API's exception filter answers each with its code. */
export class TourError extends DomainError {
  static override readonly codes = TOUR_CODES;

  constructor(code: TourRefusal, message: string, field?: string) {
    super(code, message, field);
    this.name = 'TourError';
  }
}

export function eventNotFound(slug: string): TourError {
  return new TourError('event-not-found', `The tour has no event "${slug}".`);
}

export function slotNotFound(slug: string, time: string): TourError {
  return new TourError('slot-not-found', `The event "${slug}" has no slot "${time}".`);
}

/**
 * What every change of one event may be refused with (ApiRefusals): a field it names, an event
 * it does not have, a change at the same moment; a slot's change adds the slot it does not have.
 */
const EVENT_CHANGE_CODES = ['tour-field-invalid', 'event-not-found', 'concurrent-change'] as const;
export const EVENT_CHANGE_REFUSALS = only(TourError, ...EVENT_CHANGE_CODES);
export const SLOT_CHANGE_REFUSALS = only(TourError, ...EVENT_CHANGE_CODES, 'slot-not-found');
/** What an event's price may be refused with besides its fields' shapes. */
export const PRICE_REFUSALS = only(TourError, 'currency-not-accepted');
