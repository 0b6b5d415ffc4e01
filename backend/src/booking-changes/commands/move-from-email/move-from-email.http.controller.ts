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
  ChangeWindowClosedError,
  DuplicateRegistrationError,
  InvalidTransitionError,
  MoveCurrencyDiffersError,
  PastTheDoorError,
  RegistrationNotFoundError,
  SlotFullError,
  SlotNotOpenError,
} from '../../../registrations/domain/registration-errors';
import { MoveFromEmailCommand } from './move-from-email.command';
import { MoveFromEmailRequestDto } from './move-from-email.request.dto';
import { MoveFromEmailResponseDto } from './move-from-email.response.dto';

@ApiTags('registrations')
@Controller()
export class MoveFromEmailHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('api/registrations/move')
  @VisitorCommand({
    operationId: 'moveFromEmail',
    summary: "Move a booking to another slot from the email's link",
    description:
      "The token is the signed one of the email's move link. Records BookingMoved (by the visitor): the paid or confirmed seat moves to a free seat of a slot that takes registrations, and the visitor is sent the new ticket; the old one no longer opens the door. A full slot is refused (slot-full): the visitor may register for its waiting list instead and keep their seat meanwhile. Allowed while cancelling from the email is (until CANCELLATION_CLOSES_HOURS_BEFORE hours before the slot, never past the door). A seat paid through the provider moves at the target's price, in the currency it was paid in (another is refused: move-currency-differs): to a cheaper slot at once, the difference refunded to the card (`difference`); to a dearer one, a seat there is held for CHECKOUT_HOLD_MINUTES (MoveSeatHeld) and the answer is the difference's payment page (`checkout`, outcome payment-due): the booking moves when the payment is confirmed, and stays where it was if it is not paid in time. Asked again for the same slot while its difference waits, the answer is the same page.",
    ok: MoveFromEmailResponseDto,
    okDescription: 'Moved (a new ticket is on its way), or the difference to pay.',
    refusals: [
      InvalidLinkError,
      RegistrationNotFoundError,
      SlotNotOpenError,
      SlotFullError,
      DuplicateRegistrationError,
      MoveCurrencyDiffersError,
      only(
        InvalidTransitionError,
        'already-cancelled',
        'nothing-to-move',
        'same-slot',
        'no-move-waiting',
      ),
      ChangeWindowClosedError,
      PastTheDoorError,
      PaymentProviderError,
      ConcurrentChange,
    ],
  })
  move(
    @Body() body: MoveFromEmailRequestDto,
    @Req() request: Request,
  ): Promise<MoveFromEmailResponseDto> {
    return this.commandBus.execute(
      new MoveFromEmailCommand(body.token, body.event, body.time, requestId(request)),
    );
  }
}
