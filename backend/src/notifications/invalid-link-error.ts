import { DomainError } from '../common/domain-error';

/** A cancellation or offer link that was altered, is for something else, or has expired. */
export class InvalidLinkError extends DomainError {
  static override readonly codes = { 'link-invalid': 400, 'link-expired': 400 };
  constructor(reason: 'invalid' | 'expired') {
    super(
      `link-${reason}`,
      reason === 'expired'
        ? 'This link has expired.'
        : 'This link is not valid: please use the link from your email as it was sent.',
      'token',
    );
  }
}
