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
import { PayForOfferCommand } from './pay-for-offer.command';
import { PayForOfferRequestDto } from './pay-for-offer.request.dto';
import { PayForOfferResponseDto } from './pay-for-offer.response.dto';

@ApiTags('registrations')
@Controller()
export class PayForOfferHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('api/registrations/offer/checkout')
  @VisitorCommand({
    operationId: 'payForOffer',
    summary: 'Open (or resume) the payment page of a seat offered from the waiting list',
    description:
      "The token is the signed one of the offer email's link. Answers the payment page, held until the offer lapses; paying it records PaymentConfirmed (seat 'offered') and the seat is the visitor's.",
    ok: PayForOfferResponseDto,
    refusals: [
      InvalidLinkError,
      RegistrationNotFoundError,
      only(
        InvalidTransitionError,
        'offer-lapsed',
        'already-paid',
        'already-cancelled',
        'no-seat-awaiting-payment',
      ),
      PastTheDoorError,
      only(SlotNotOpenError, 'slot-unknown'),
      PaymentProviderError,
      ConcurrentChange,
    ],
  })
  pay(
    @Body() body: PayForOfferRequestDto,
    @Req() request: Request,
  ): Promise<PayForOfferResponseDto> {
    return this.commandBus.execute(new PayForOfferCommand(body.token, requestId(request)));
  }
}
