import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiBadGatewayResponse,
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
import { CancelRegistrationCommand } from './cancel-registration.command';
import { CancelRegistrationRequestDto } from './cancel-registration.request.dto';

@ApiTags('admin')
@Controller()
export class CancelRegistrationHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post('api/admin/registrations/:id/cancel')
  @HttpCode(200)
  @AdminOnly('refunds', { mutation: true })
  @ApiOperation({
    operationId: 'cancelRegistration',
    summary: 'Cancel a registration, with or without a refund',
    description:
      "Records RegistrationCancelled (the seat or the waiting place goes back, and is offered to the next person waiting) and queues the visitor's email. A seat held or offered unpaid has its payment page closed with the provider first, so it cannot be paid afterwards. With refund=true and a seat paid through the payment provider, RefundRequested is recorded too and the refund leaves through the outbox (PaymentRefunded once the provider confirms). Unlike Delete, the person's data is kept. Past the door (the person checked in, or the slot begun) the visitor can no longer cancel, but an operator still may, giving a `reason`.",
  })
  @ApiOkResponse({ type: AdminRegistrationDto, description: 'The registration, cancelled.' })
  @ApiBadRequestResponse({
    type: ApiErrorDto,
    description:
      'refund is not true or false, or no reason was given for a booking past the door (checked in, or its slot begun).',
  })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'Unknown or deleted.' })
  @ApiConflictResponse({
    type: ApiErrorDto,
    description:
      'Already cancelled, or it holds no seat and no waiting place to cancel, or a seat held unpaid was paid just as its payment page was being closed (it is paid now: choose again).',
  })
  @ApiBadGatewayResponse({
    type: ApiErrorDto,
    description:
      'The payment provider could not close the payment page of a seat held unpaid; nothing was cancelled.',
  })
  async cancel(
    @Param('id') id: string,
    @Body() body: CancelRegistrationRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminRegistrationDto> {
    await this.commandBus.execute(
      new CancelRegistrationCommand(id, actor, body.refund, body.reason),
    );
    return this.queryBus.execute(new GetAdminRegistrationQuery(id));
  }
}
