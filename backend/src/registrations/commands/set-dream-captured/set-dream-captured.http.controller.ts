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
import { SetDreamCapturedCommand } from './set-dream-captured.command';
import { SetDreamCapturedRequestDto } from './set-dream-captured.request.dto';

@ApiTags('admin')
@Controller()
export class SetDreamCapturedHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Patch('api/admin/registrations/:id/dreamed-captured')
  @AdminOnly({ mutation: true })
  @ApiOperation({
    summary: 'Set the dream-captured flag',
    description: 'Records DreamCapturedSet, unless the value is already so.',
  })
  @ApiOkResponse({ type: AdminRegistrationDto, description: 'The updated registration.' })
  @ApiBadRequestResponse({ type: ApiErrorDto })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  update(
    @Param('id') id: string,
    @Body() body: SetDreamCapturedRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminRegistrationDto> {
    return this.commandBus.execute(new SetDreamCapturedCommand(id, body.dreamedCaptured, actor));
  }
}
