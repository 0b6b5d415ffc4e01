import { Controller, Delete, HttpCode, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiConflictResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { AdminOnly, CurrentAdmin } from '../../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../../auth/admin-actor';
import { ApiErrorDto } from '../../../../common/api-error.dto';
import { UndoCheckInCommand } from './undo-check-in.command';

@ApiTags('admin')
@Controller()
export class UndoCheckInHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Delete('api/admin/check-ins/:handle')
  @HttpCode(204)
  @AdminOnly('door', { mutation: true })
  @ApiOperation({
    operationId: 'undoCheckIn',
    summary: 'Undo a check-in',
    description:
      'Records CheckInUndone: the person is back to where they stood before the check-in (not arrived, or a no-show). Names the person by their door handle, as the door list does.',
  })
  @ApiNoContentResponse({ description: 'The check-in is undone.' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'Unknown door handle.' })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'Not checked in.' })
  async undo(@Param('handle') handle: string, @CurrentAdmin() actor: AdminActor): Promise<void> {
    await this.commandBus.execute(new UndoCheckInCommand(handle, actor));
  }
}
