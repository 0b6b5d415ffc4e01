import { DomainError } from '../../common/domain-error';

/** The tour's domain errors; the API's exception filter maps each kind to its HTTP answer. */
export class TourError extends DomainError {
  constructor(
    readonly kind: 'invalid' | 'not-found' | 'conflict',
    message: string,
    field?: string,
  ) {
    super(message, field);
    this.name = 'TourError';
  }
}

export function eventNotFound(slug: string): TourError {
  return new TourError('not-found', `The tour has no event "${slug}".`);
}

export function slotNotFound(slug: string, time: string): TourError {
  return new TourError('not-found', `The event "${slug}" has no slot "${time}".`);
}
