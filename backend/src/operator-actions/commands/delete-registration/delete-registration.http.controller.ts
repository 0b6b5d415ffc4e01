import { Controller, Delete, Param, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { CurrentAdmin } from '../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../auth/admin-actor';
import { DeleteRegistrationCommand } from './delete-registration.command';
import { DeleteRegistrationRequestDto } from './delete-registration.request.dto';
import { OperatorCommand } from '../../../auth/admin-only.decorator';
import { ConcurrentChange } from '../../../common/request-errors';
import { RegistrationNotFoundError } from '../../../registrations/domain/registration-errors';

@ApiTags('admin')
@Controller()
export class DeleteRegistrationHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Delete('api/registrations/:id')
  @OperatorCommand('refunds', {
    operationId: 'deleteRegistration',
    summary: 'Delete a registration and erase its personal data for good',
    description:
      "Records RegistrationDeleted, frees the seat and shreds the registration's key: its name, email, phone and dream can no longer be read anywhere. Irreversible. A registration paid through the payment provider is refunded unless refund=false (RefundRequested, then PaymentRefunded once the provider confirms).",
    status: 204,
    okDescription: 'Deleted.',
    refusals: [RegistrationNotFoundError, ConcurrentChange],
  })
  async delete(
    @Param('id') id: string,
    @Query() query: DeleteRegistrationRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<void> {
    await this.commandBus.execute(
      new DeleteRegistrationCommand(id, actor, query.refund !== 'false'),
    );
  }
}
