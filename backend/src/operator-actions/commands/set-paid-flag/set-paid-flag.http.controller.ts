import { Body, Controller, Param, Patch } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConflictResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrorDto } from '../../../common/api-error.dto';
import { CurrentAdmin } from '../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../auth/admin-actor';
import { AdminRegistrationUpdate } from '../../admin-registration-update.decorator';
import { AdminRegistrationDto } from '../../../registrations/queries/list-registrations/admin-registration.response.dto';
import { GetAdminRegistrationQuery } from '../../../registrations/queries/list-registrations/get-admin-registration.query';
import { SetPaidFlagCommand } from './set-paid-flag.command';
import { SetPaidFlagRequestDto } from './set-paid-flag.request.dto';

@ApiTags('admin')
@Controller()
export class SetPaidFlagHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Patch('api/admin/registrations/:id/paid')
  @AdminRegistrationUpdate('setPaidFlag', 'Set the paid flag', 'PaidFlagSet')
  @ApiConflictResponse({
    type: ApiErrorDto,
    description:
      'Marking paid a registration without a seat (waiting list, cancelled, released, refunded), or un-marking a card payment (refund it instead). Marking a held or offered seat paid keeps it as a paid seat; un-marking a seat the operator marked paid returns it to a hold with a fresh deadline (CHECKOUT_HOLD_MINUTES).',
  })
  async update(
    @Param('id') id: string,
    @Body() body: SetPaidFlagRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminRegistrationDto> {
    await this.commandBus.execute(new SetPaidFlagCommand(id, body.paid, actor));
    return this.queryBus.execute(new GetAdminRegistrationQuery(id));
  }
}
