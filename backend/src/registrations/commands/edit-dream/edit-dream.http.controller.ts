import { Body, Controller, Param, Patch } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { AdminOnly, CurrentAdmin, type AdminActor } from '../../../admin/admin-only.decorator';
import { ApiErrorDto } from '../../../common/api-error.dto';
import { AdminRegistrationDto } from '../../queries/list-registrations/admin-registration.response.dto';
import { EditDreamCommand } from './edit-dream.command';
import { EditDreamRequestDto } from './edit-dream.request.dto';

@ApiTags('admin')
@Controller()
export class EditDreamHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Patch('api/admin/registrations/:id/dream')
  @AdminOnly({ mutation: true })
  @ApiOperation({
    summary: 'Replace the dream text',
    description: 'Records DreamEdited, unless the value is already so.',
  })
  @ApiOkResponse({ type: AdminRegistrationDto, description: 'The updated registration.' })
  @ApiBadRequestResponse({ type: ApiErrorDto })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  update(
    @Param('id') id: string,
    @Body() body: EditDreamRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminRegistrationDto> {
    return this.commandBus.execute(new EditDreamCommand(id, body.dream, actor));
  }
}
