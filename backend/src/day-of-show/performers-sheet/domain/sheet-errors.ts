import { DomainError } from '../../../common/domain-error';

/** What the performers' sheet refuses; the API's exception filter maps each kind. */
export class SheetError extends DomainError {
  constructor(
    readonly kind: 'invalid' | 'not-found',
    message: string,
    field?: string,
  ) {
    super(message, field);
    this.name = 'SheetError';
  }
}
