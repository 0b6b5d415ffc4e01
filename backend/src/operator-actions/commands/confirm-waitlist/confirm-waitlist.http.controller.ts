import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
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
import { AdminRegistrationDto } from '../../../registrations/queries/list-registrations/admin-registration.response.dto';
import { GetAdminRegistrationQuery } from '../../../registrations/queries/list-registrations/get-admin-registration.query';
import { ConfirmWaitlistCommand } from './confirm-waitlist.command';

@ApiTags('admin')
@Controller()
export class ConfirmWaitlistHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post('api/admin/registrations/:id/confirm')
  @HttpCode(200)
  @AdminOnly('registrations', { mutation: true })
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
  async confirm(
    @Param('id') id: string,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminRegistrationDto> {
    await this.commandBus.execute(new ConfirmWaitlistCommand(id, actor));
    return this.queryBus.execute(new GetAdminRegistrationQuery(id));
  }
}
