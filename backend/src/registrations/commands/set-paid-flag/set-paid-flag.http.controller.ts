import { Body, Controller, Param, Patch } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { CurrentAdmin } from '../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../auth/admin-actor';
import { AdminRegistrationUpdate } from '../../admin-registration-update.decorator';
import { AdminRegistrationDto } from '../../queries/list-registrations/admin-registration.response.dto';
import { SetPaidFlagCommand } from './set-paid-flag.command';
import { SetPaidFlagRequestDto } from './set-paid-flag.request.dto';

@ApiTags('admin')
@Controller()
export class SetPaidFlagHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Patch('api/admin/registrations/:id/paid')
  @AdminRegistrationUpdate('setPaidFlag', 'Set the paid flag', 'PaidFlagSet')
  update(
    @Param('id') id: string,
    @Body() body: SetPaidFlagRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminRegistrationDto> {
    return this.commandBus.execute(new SetPaidFlagCommand(id, body.paid, actor));
  }
}
