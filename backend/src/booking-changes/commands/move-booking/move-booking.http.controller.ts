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
  MoveCurrencyDiffersError,
  MoveDifferenceUnsettledError,
  RegistrationNotFoundError,
  SlotFullError,
  SlotNotOpenError,
} from '../../../registrations/domain/registration-errors';
import { MoveBookingCommand } from './move-booking.command';
import { MoveBookingRequestDto } from './move-booking.request.dto';

@ApiTags('admin')
@Controller()
export class MoveBookingHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post('api/admin/registrations/:id/move')
  @OperatorCommand('registrations', {
    operationId: 'moveBooking',
    summary: 'Move a booking to another slot or another stop',
    description:
      "Records BookingMoved: a paid or confirmed seat moves to a free seat of the target slot (refused with slot-full when it has none), a waiting-list place to the target's waiting list; both slots' counts change in one transaction, under both slots' locks. The seat that freed is offered to the old slot's next person waiting; the old ticket no longer opens the door, and the person is sent the new one. A seat paid through the provider moves at the target's price, in the currency it was paid in (another is refused: move-currency-differs): to a cheaper slot, the difference is refunded to the card (RefundRequested, move-price-difference); to a dearer one, `difference` says what becomes of it: waive (moved now, BookingMoved names the difference waived) or ask (a seat there is held for WAITING_LIST_OFFER_MINUTES, MoveSeatHeld, and the visitor is emailed a link to pay it; the booking moves when it is paid, and stays where it was otherwise); without it the move is refused (move-difference-unsettled, with the amount). A seat paid at the desk or confirmed from the waiting list moves as it is. A move waiting for its difference is given up for a new one. Allowed at any time, to any slot of the tour that has not begun.",
    ok: AdminRegistrationDto,
    okDescription:
      'The registration: in its new slot, or, its difference asked, with the move waiting (pendingMove).',
    refusals: [
      RegistrationNotFoundError,
      SlotNotOpenError,
      SlotFullError,
      DuplicateRegistrationError,
      MoveCurrencyDiffersError,
      MoveDifferenceUnsettledError,
      only(InvalidTransitionError, 'same-slot', 'payment-pending', 'nothing-to-move'),
      ConcurrentChange,
    ],
  })
  async move(
    @Param('id') id: string,
    @Body() body: MoveBookingRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminRegistrationDto> {
    await this.commandBus.execute(
      new MoveBookingCommand(id, actor, body.event, body.time, body.difference),
    );
    return this.queryBus.execute(new GetAdminRegistrationQuery(id));
  }
}
