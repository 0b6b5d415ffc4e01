import { Body, Controller, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { CurrentAdmin, OperatorCommand } from '../../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../../auth/admin-actor';
import { validationException } from '../../../../common/validation';
import { ConcurrentChange } from '../../../../common/request-errors';
import { RegistrationNotFoundError } from '../../../../registrations/domain/registration-errors';
import {
  AlreadyCheckedIn,
  DoorRefusal,
  DoorSlotNotFound,
  TicketRejected,
} from '../../domain/door-errors';
import {
  CheckInConflictErrorDto,
  CheckInRefusedErrorDto,
  CheckInResponseDto,
  TicketRejectedErrorDto,
} from '../../queries/get-check-in/check-in.response.dto';
import { GetCheckInQuery } from '../../queries/get-check-in/get-check-in.query';
import { CheckInCommand } from './check-in.command';
import { CheckInRequestDto, TICKET_EXAMPLE } from './check-in.request.dto';

@ApiTags('admin')
@Controller()
export class CheckInHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post('api/admin/check-ins')
  @OperatorCommand('door', {
    operationId: 'checkIn',
    summary: 'Check a person in at the door',
    description:
      'By the ticket code scanned, or by the door handle of the person found by name (as the door list gives it); `event` and `time` name the slot the door is checking in. Records CheckedIn with the device and its time. The first check-in in the log wins: a second one (another phone, a queued one synced later) is answered 409 naming the first.',
    ok: CheckInResponseDto,
    refusals: [
      TicketRejected,
      DoorSlotNotFound,
      RegistrationNotFoundError,
      AlreadyCheckedIn,
      DoorRefusal,
      ConcurrentChange,
    ],
  })
  @ApiBody({
    type: CheckInRequestDto,
    examples: {
      scanned: {
        summary: 'A scanned ticket',
        value: {
          ticket: TICKET_EXAMPLE,
          event: 'bucharest',
          time: 'Oct 30 - 7:30pm',
          deviceTime: '2025-10-30T17:21:09.000Z',
          device: 'Door phone 1',
        },
      },
      byName: {
        summary: 'A person found by name',
        value: {
          handle: 'q3J0c2Vh2wVfN7dT1xZkPA',
          event: 'bucharest',
          time: 'Oct 30 - 7:30pm',
          device: 'Door phone 1',
        },
      },
    },
  })
  @ApiBadRequestResponse({
    type: TicketRejectedErrorDto,
    description:
      'A ticket that does not verify (`reason` forged) or parse (`reason` unreadable), or a body that breaks its rules.',
  })
  @ApiConflictResponse({ type: CheckInConflictErrorDto, description: 'Already checked in.' })
  @ApiUnprocessableEntityResponse({
    type: CheckInRefusedErrorDto,
    description:
      'wrong-slot, not-paid, cancelled or expired, with the name, event and slot when known.',
  })
  async checkIn(
    @Body() body: CheckInRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<CheckInResponseDto> {
    if ((body.ticket === undefined) === (body.handle === undefined)) {
      const message = 'Send exactly one of ticket and handle';
      throw validationException([
        { field: body.ticket === undefined ? 'ticket' : 'handle', code: 'exactly-one', message },
      ]);
    }
    // ISO 8601 also has week and ordinal dates, which JavaScript's Date does not read.
    const deviceTime = body.deviceTime === undefined ? null : new Date(body.deviceTime);
    if (deviceTime && Number.isNaN(deviceTime.getTime())) {
      throw validationException([
        {
          field: 'deviceTime',
          code: 'bad-format',
          message: 'deviceTime must be a date and time (ISO 8601)',
        },
      ]);
    }
    const id = await this.commandBus.execute(
      new CheckInCommand(
        body.ticket !== undefined ? { ticket: body.ticket } : { handle: body.handle! },
        body.event,
        body.time,
        deviceTime,
        body.device ?? null,
        actor,
      ),
    );
    return this.queryBus.execute(new GetCheckInQuery(id));
  }
}
