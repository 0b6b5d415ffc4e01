import { Controller, Delete, HttpCode, Param, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { AdminOnly, CurrentAdmin } from '../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../auth/admin-actor';
import { ApiErrorDto } from '../../../common/api-error.dto';
import { DeleteRegistrationCommand } from './delete-registration.command';
import { DeleteRegistrationRequestDto } from './delete-registration.request.dto';

@ApiTags('admin')
@Controller()
export class DeleteRegistrationHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Delete('api/registrations/:id')
  @HttpCode(204)
  @AdminOnly('refunds', { mutation: true })
  @ApiOperation({
    operationId: 'deleteRegistration',
    summary: 'Delete a registration and erase its personal data for good',
    description:
      "Records RegistrationDeleted, frees the seat and shreds the registration's key: its name, email, phone and dream can no longer be read anywhere. Irreversible. A registration paid through the payment provider is refunded unless refund=false (RefundRequested, then PaymentRefunded once the provider confirms).",
  })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'refund is not true or false.' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'Unknown or already deleted.' })
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
