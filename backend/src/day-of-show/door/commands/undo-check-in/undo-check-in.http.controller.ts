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

  @Delete('api/admin/check-ins/:registrationId')
  @HttpCode(204)
  @AdminOnly('door', { mutation: true })
  @ApiOperation({
    operationId: 'undoCheckIn',
    summary: 'Undo a check-in',
    description: 'Records CheckInUndone: the person is not arrived again.',
  })
  @ApiNoContentResponse({ description: 'The check-in is undone.' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'Unknown registration.' })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'Not checked in.' })
  async undo(
    @Param('registrationId') registrationId: string,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<void> {
    await this.commandBus.execute(new UndoCheckInCommand(registrationId, actor));
  }
}
