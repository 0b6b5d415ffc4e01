import { Body, Controller, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { CurrentAdmin, OperatorCommand } from '../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../auth/admin-actor';
import { only } from '../../../common/domain-error';
import { ConcurrentChange } from '../../../common/request-errors';
import { AdminRegistrationDto } from '../../../registrations/queries/list-registrations/admin-registration.response.dto';
import { GetAdminRegistrationQuery } from '../../../registrations/queries/list-registrations/get-admin-registration.query';
import {
  DuplicateRegistrationError,
  InvalidTransitionError,
  PastTheDoorError,
  RegistrationNotFoundError,
} from '../../../registrations/domain/registration-errors';
import { HandOnBookingCommand } from './hand-on-booking.command';
import { HandOnBookingRequestDto } from './hand-on-booking.request.dto';

@ApiTags('admin')
@Controller()
export class HandOnBookingHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post('api/admin/registrations/:id/hand-on')
  @OperatorCommand('registrations', {
    operationId: 'handOnBooking',
    summary: 'Hand a booking on to someone else',
    description:
      "A paid or confirmed seat passes to the new person: BookingHandedOn ends this registration as an erasure does (its person's name, email, phone and dream are shredded with its key, and its ticket no longer opens the door), and BookingReceived begins the new person's registration in the same slot, with the payment where it was and their own dream and ticket. The new person gets their ticket and confirmation, the former holder a notice. Refused once the person was let in at the door (past-the-door). Answers the new registration.",
    ok: AdminRegistrationDto,
    okDescription: "The new person's registration.",
    refusals: [
      RegistrationNotFoundError,
      PastTheDoorError,
      DuplicateRegistrationError,
      only(InvalidTransitionError, 'nothing-to-hand-on'),
      ConcurrentChange,
    ],
  })
  async handOn(
    @Param('id') id: string,
    @Body() body: HandOnBookingRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminRegistrationDto> {
    const received = await this.commandBus.execute(new HandOnBookingCommand(id, actor, body));
    return this.queryBus.execute(new GetAdminRegistrationQuery(received));
  }
}
