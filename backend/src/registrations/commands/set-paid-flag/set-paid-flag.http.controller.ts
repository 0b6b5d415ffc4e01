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
import { SetPaidFlagCommand } from './set-paid-flag.command';
import { SetPaidFlagRequestDto } from './set-paid-flag.request.dto';

@ApiTags('admin')
@Controller()
export class SetPaidFlagHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Patch('api/admin/registrations/:id/paid')
  @AdminOnly({ mutation: true })
  @ApiOperation({
    summary: 'Set the paid flag',
    description: 'Records PaidFlagSet, unless the value is already so.',
  })
  @ApiOkResponse({ type: AdminRegistrationDto, description: 'The updated registration.' })
  @ApiBadRequestResponse({ type: ApiErrorDto })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  update(
    @Param('id') id: string,
    @Body() body: SetPaidFlagRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminRegistrationDto> {
    return this.commandBus.execute(new SetPaidFlagCommand(id, body.paid, actor));
  }
}
