import { applyDecorators } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
} from '@nestjs/swagger';
import { ApiErrorDto } from '../common/api-error.dto';
import { AdminRegistrationDto } from '../registrations/queries/list-registrations/admin-registration.response.dto';
import { AdminOnly } from '../auth/admin-only.decorator';

/**
 * An operator's change to one registration: guarded as an admin mutation, answered with the
 * updated registration, and documented with the errors every such change can answer.
 */
export function AdminRegistrationUpdate(
  operationId: string,
  summary: string,
  recordedEvent: string,
) {
  return applyDecorators(
    AdminOnly('registrations', { mutation: true }),
    ApiOperation({
      operationId,
      summary,
      description: `Records ${recordedEvent}, unless the value is already so.`,
    }),
    ApiOkResponse({ type: AdminRegistrationDto, description: 'The updated registration.' }),
    ApiBadRequestResponse({ type: ApiErrorDto }),
    ApiNotFoundResponse({ type: ApiErrorDto }),
  );
}
