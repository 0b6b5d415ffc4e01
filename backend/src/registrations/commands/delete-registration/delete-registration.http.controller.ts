import { Controller, Delete, HttpCode, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiNoContentResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly, CurrentAdmin, type AdminActor } from '../../../admin/admin-only.decorator';
import { ApiErrorDto } from '../../../common/api-error.dto';
import { DeleteRegistrationCommand } from './delete-registration.command';

@ApiTags('admin')
@Controller()
export class DeleteRegistrationHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Delete('api/registrations/:id')
  @HttpCode(204)
  @AdminOnly({ mutation: true })
  @ApiOperation({
    summary: 'Delete a registration and erase its personal data for good',
    description:
      "Records RegistrationDeleted, frees the seat and shreds the registration's key: its name, email, phone and dream can no longer be read anywhere. Irreversible.",
  })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'Unknown or already deleted.' })
  async delete(@Param('id') id: string, @CurrentAdmin() actor: AdminActor): Promise<void> {
    await this.commandBus.execute(new DeleteRegistrationCommand(id, actor));
  }
}
