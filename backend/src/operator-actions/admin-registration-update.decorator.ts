import { OperatorCommand } from '../auth/admin-only.decorator';
import type { DeclaredErrors } from '../common/domain-error';
import { ConcurrentChange } from '../common/request-errors';
import { RegistrationNotFoundError } from '../registrations/domain/registration-errors';
import { AdminRegistrationDto } from '../registrations/queries/list-registrations/admin-registration.response.dto';

/**
 * An operator's change to one registration: guarded as an admin mutation, answered with the
 * updated registration, and documented with the errors every such change can answer (and the
 * route's own, `refusals`).
 */
export function AdminRegistrationUpdate(
  operationId: string,
  summary: string,
  recordedEvent: string,
  { description = '', refusals = [] }: { description?: string; refusals?: DeclaredErrors[] } = {},
) {
  return OperatorCommand('registrations', {
    operationId,
    summary,
    description: `Records ${recordedEvent}, unless the value is already so.${description}`,
    ok: AdminRegistrationDto,
    okDescription: 'The updated registration.',
    refusals: [RegistrationNotFoundError, ConcurrentChange, ...refusals],
  });
}
