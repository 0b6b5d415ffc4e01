import { Controller, Delete, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { CurrentAdmin } from '../../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../../auth/admin-actor';
import { UndoCheckInCommand } from './undo-check-in.command';
import { OperatorCommand } from '../../../../auth/admin-only.decorator';
import { ConcurrentChange } from '../../../../common/request-errors';
import { RegistrationNotFoundError } from '../../../../registrations/domain/registration-errors';
import { NotCheckedIn } from '../../domain/door-errors';

@ApiTags('admin')
@Controller()
export class UndoCheckInHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Delete('api/admin/check-ins/:handle')
  @OperatorCommand('door', {
    operationId: 'undoCheckIn',
    summary: 'Undo a check-in',
    description:
      'Records CheckInUndone: the person is back to where they stood before the check-in (not arrived, or a no-show). Names the person by their door handle, as the door list does.',
    status: 204,
    okDescription: 'The check-in is undone.',
    refusals: [RegistrationNotFoundError, NotCheckedIn, ConcurrentChange],
  })
  async undo(@Param('handle') handle: string, @CurrentAdmin() actor: AdminActor): Promise<void> {
    await this.commandBus.execute(new UndoCheckInCommand(handle, actor));
  }
}
