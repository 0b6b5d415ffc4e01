import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiErrorDto } from '../../../common/api-error.dto';
import { requestId } from '../../../common/request-id';
import { CancelFromEmailCommand } from './cancel-from-email.command';
import { CancelFromEmailRequestDto } from './cancel-from-email.request.dto';

@ApiTags('registrations')
@Controller()
export class CancelFromEmailHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('api/registrations/cancel')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'cancelFromEmail',
    summary: "Cancel a booking from the confirmation email's link",
    description:
      "The token is the signed, expiring one of the email's link (not the registration id). Records RegistrationCancelled (by the visitor), and RefundRequested when the seat was paid through the payment provider; the seat goes back and is offered to the next person waiting. Allowed until CANCELLATION_CLOSES_HOURS_BEFORE hours before the slot.",
  })
  @ApiNoContentResponse({ description: 'Cancelled; the refund, if any, is on its way.' })
  @ApiBadRequestResponse({
    type: ApiErrorDto,
    description: 'The token is missing, altered or expired.',
  })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'The registration no longer exists.' })
  @ApiConflictResponse({
    type: ApiErrorDto,
    description:
      'Already cancelled (a link used before), no confirmed seat to cancel, or cancellation from the link has closed for this slot.',
  })
  async cancel(@Body() body: CancelFromEmailRequestDto, @Req() request: Request): Promise<void> {
    await this.commandBus.execute(new CancelFromEmailCommand(body.token, requestId(request)));
  }
}
