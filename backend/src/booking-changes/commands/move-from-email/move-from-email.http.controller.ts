import { Body, Controller, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { VisitorCommand } from '../../../common/api-refusals';
import { only } from '../../../common/domain-error';
import { ConcurrentChange } from '../../../common/request-errors';
import { requestId } from '../../../common/request-id';
import { InvalidLinkError } from '../../../notifications/invalid-link-error';
import {
  ChangeWindowClosedError,
  DuplicateRegistrationError,
  InvalidTransitionError,
  MovePriceDiffersError,
  PastTheDoorError,
  RegistrationNotFoundError,
  SlotFullError,
  SlotNotOpenError,
} from '../../../registrations/domain/registration-errors';
import { MoveFromEmailCommand } from './move-from-email.command';
import { MoveFromEmailRequestDto } from './move-from-email.request.dto';

@ApiTags('registrations')
@Controller()
export class MoveFromEmailHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('api/registrations/move')
  @VisitorCommand({
    operationId: 'moveFromEmail',
    summary: "Move a booking to another slot from the email's link",
    description:
      "The token is the signed one of the email's move link. Records BookingMoved (by the visitor): the paid or confirmed seat moves to a free seat of a slot that takes registrations, and the visitor is sent the new ticket; the old one no longer opens the door. A full slot is refused (slot-full): the visitor may register for its waiting list instead and keep their seat meanwhile. Allowed while cancelling from the email is (until CANCELLATION_CLOSES_HOURS_BEFORE hours before the slot, never past the door); a seat paid through the provider moves only to a slot of the same price.",
    status: 204,
    okDescription: 'Moved; the new ticket is on its way.',
    refusals: [
      InvalidLinkError,
      RegistrationNotFoundError,
      SlotNotOpenError,
      SlotFullError,
      DuplicateRegistrationError,
      MovePriceDiffersError,
      only(InvalidTransitionError, 'already-cancelled', 'nothing-to-move', 'same-slot'),
      ChangeWindowClosedError,
      PastTheDoorError,
      ConcurrentChange,
    ],
  })
  async move(@Body() body: MoveFromEmailRequestDto, @Req() request: Request): Promise<void> {
    await this.commandBus.execute(
      new MoveFromEmailCommand(body.token, body.event, body.time, requestId(request)),
    );
  }
}
