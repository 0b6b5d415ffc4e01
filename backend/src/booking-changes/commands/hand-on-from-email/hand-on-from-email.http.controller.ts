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
  PastTheDoorError,
  RegistrationNotFoundError,
} from '../../../registrations/domain/registration-errors';
import { HandOnFromEmailCommand } from './hand-on-from-email.command';
import { HandOnFromEmailRequestDto } from './hand-on-from-email.request.dto';

@ApiTags('registrations')
@Controller()
export class HandOnFromEmailHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('api/registrations/hand-on')
  @VisitorCommand({
    operationId: 'handOnFromEmail',
    summary: "Hand a booking on to someone else from the email's link",
    description:
      "The token is the signed one of the email's hand-on link. Records BookingHandedOn and BookingReceived (by the visitor): the seat passes to the new person, with their own name, email, phone and dream and their own ticket; the visitor's data, dream included, is erased, and their ticket no longer opens the door; the payment stays where it was. Allowed while cancelling from the email is (until CANCELLATION_CLOSES_HOURS_BEFORE hours before the slot, never past the door).",
    status: 204,
    okDescription: 'Handed on; the new person is sent their ticket.',
    refusals: [
      InvalidLinkError,
      RegistrationNotFoundError,
      DuplicateRegistrationError,
      only(InvalidTransitionError, 'already-cancelled', 'nothing-to-hand-on'),
      ChangeWindowClosedError,
      PastTheDoorError,
      ConcurrentChange,
    ],
  })
  async handOn(@Body() body: HandOnFromEmailRequestDto, @Req() request: Request): Promise<void> {
    const { token, ...person } = body;
    await this.commandBus.execute(new HandOnFromEmailCommand(token, person, requestId(request)));
  }
}
