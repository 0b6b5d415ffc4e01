import { Body, Controller, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { VisitorCommand } from '../../../common/api-refusals';
import { only } from '../../../common/domain-error';
import { ConcurrentChange } from '../../../common/request-errors';
import { requestId } from '../../../common/request-id';
import { InvalidLinkError } from '../../../notifications/invalid-link-error';
import { PaymentProviderError } from '../../../payments/payment-gateway';
import {
  InvalidTransitionError,
  PastTheDoorError,
  RegistrationNotFoundError,
  SlotNotOpenError,
} from '../../../registrations/domain/registration-errors';
import { CancelFromEmailRequestDto } from '../../../checkout/commands/cancel-from-email/cancel-from-email.request.dto';
import { DifferenceCheckoutDto } from '../move-from-email/move-from-email.response.dto';
import { PayMoveDifferenceCommand } from './pay-move-difference.command';

@ApiTags('registrations')
@Controller()
export class PayMoveDifferenceHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('api/registrations/move/checkout')
  @VisitorCommand({
    operationId: 'payMoveDifference',
    summary: "Open (or resume) the payment page of a move's difference",
    description:
      "The token is the signed one of the email's move link. While a move to a dearer slot waits for its difference (the visitor's own, or one an operator asked them to pay: MoveSeatHeld), answers its payment page, held until the seat held for the move goes back; paying it records BookingMoved and PriceDifferencePaid. Refused with no-move-waiting once no move waits (its time lapsed, or it was given up).",
    ok: DifferenceCheckoutDto,
    refusals: [
      InvalidLinkError,
      RegistrationNotFoundError,
      only(InvalidTransitionError, 'no-move-waiting'),
      PastTheDoorError,
      only(SlotNotOpenError, 'slot-unknown'),
      PaymentProviderError,
      ConcurrentChange,
    ],
  })
  pay(
    @Body() body: CancelFromEmailRequestDto,
    @Req() request: Request,
  ): Promise<DifferenceCheckoutDto> {
    return this.commandBus.execute(new PayMoveDifferenceCommand(body.token, requestId(request)));
  }
}
