import { Controller, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { VisitorCommand } from '../../../common/api-refusals';
import { only } from '../../../common/domain-error';
import { ConcurrentChange } from '../../../common/request-errors';
import { requestId } from '../../../common/request-id';
import { PaymentProviderError } from '../../../payments/payment-gateway';
import {
  InvalidTransitionError,
  PastTheDoorError,
  RegistrationNotFoundError,
} from '../../../registrations/domain/registration-errors';
import { GiveBackSeatCommand } from './give-back-seat.command';
import { GiveBackSeatResponseDto } from './give-back-seat.response.dto';

@ApiTags('registrations')
@Controller()
export class GiveBackSeatHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('api/registrations/:id/give-back')
  @VisitorCommand({
    operationId: 'giveBackSeat',
    summary: 'Give a held, unpaid seat back at once',
    description:
      'Closes the payment page with the provider and releases the hold (CheckoutExpired).',
    ok: GiveBackSeatResponseDto,
    refusals: [
      RegistrationNotFoundError,
      only(InvalidTransitionError, 'already-paid'),
      PastTheDoorError,
      PaymentProviderError,
      ConcurrentChange,
    ],
  })
  giveBack(@Param('id') id: string, @Req() request: Request): Promise<GiveBackSeatResponseDto> {
    return this.commandBus.execute(new GiveBackSeatCommand(id, requestId(request)));
  }
}
