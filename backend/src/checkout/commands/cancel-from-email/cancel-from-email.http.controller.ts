import { Body, Controller, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { VisitorCommand } from '../../../common/api-refusals';
import { only } from '../../../common/domain-error';
import { ConcurrentChange } from '../../../common/request-errors';
import { InvalidLinkError } from '../../../notifications/invalid-link-error';
import {
  CancellationClosedError,
  InvalidTransitionError,
  PastTheDoorError,
  RegistrationNotFoundError,
} from '../../../registrations/domain/registration-errors';
import { requestId } from '../../../common/request-id';
import { CancelFromEmailCommand } from './cancel-from-email.command';
import { CancelFromEmailRequestDto } from './cancel-from-email.request.dto';

@ApiTags('registrations')
@Controller()
export class CancelFromEmailHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('api/registrations/cancel')
  @VisitorCommand({
    operationId: 'cancelFromEmail',
    summary: "Cancel a booking from the confirmation email's link",
    description:
      "The token is the signed, expiring one of the email's link (not the registration id). Records RegistrationCancelled (by the visitor), and RefundRequested when the seat was paid through the payment provider; the seat goes back and is offered to the next person waiting. Allowed until CANCELLATION_CLOSES_HOURS_BEFORE hours before the slot.",
    status: 204,
    okDescription: 'Cancelled; the refund, if any, is on its way.',
    refusals: [
      InvalidLinkError,
      RegistrationNotFoundError,
      only(InvalidTransitionError, 'already-cancelled', 'nothing-to-cancel', 'paid-just-now'),
      CancellationClosedError,
      PastTheDoorError,
      ConcurrentChange,
    ],
  })
  async cancel(@Body() body: CancelFromEmailRequestDto, @Req() request: Request): Promise<void> {
    await this.commandBus.execute(new CancelFromEmailCommand(body.token, requestId(request)));
  }
}
