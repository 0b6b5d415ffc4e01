import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { AdminOnly, CurrentAdmin } from '../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../auth/admin-actor';
import { ApiErrorDto } from '../../../common/api-error.dto';
import { AdminRegistrationDto } from '../../queries/list-registrations/admin-registration.response.dto';
import { ConfirmWaitlistCommand } from './confirm-waitlist.command';

@ApiTags('admin')
@Controller()
export class ConfirmWaitlistHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('api/admin/registrations/:id/confirm')
  @HttpCode(200)
  @AdminOnly({ mutation: true })
  @ApiOperation({
    operationId: 'confirmWaitlist',
    summary: 'Move a waiting-list entry onto a free seat',
    description: 'Records WaitlistConfirmed and queues the confirmation email.',
  })
  @ApiOkResponse({ type: AdminRegistrationDto })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  @ApiConflictResponse({
    type: ApiErrorDto,
    description: "'This time slot is full.', or the entry is not on the waiting list.",
  })
  confirm(
    @Param('id') id: string,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminRegistrationDto> {
    return this.commandBus.execute(new ConfirmWaitlistCommand(id, actor));
  }
}
