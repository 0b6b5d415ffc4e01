import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBadGatewayResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiErrorDto } from '../../../common/api-error.dto';
import { requestId } from '../../../common/request-id';
import { GiveBackSeatCommand } from './give-back-seat.command';
import { GiveBackSeatResponseDto } from './give-back-seat.response.dto';

@ApiTags('registrations')
@Controller()
export class GiveBackSeatHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('api/registrations/:id/give-back')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'giveBackSeat',
    summary: 'Give a held, unpaid seat back at once',
    description:
      'Closes the payment page with the provider and releases the hold (CheckoutExpired).',
  })
  @ApiOkResponse({ type: GiveBackSeatResponseDto })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'The registration is already paid.' })
  @ApiBadGatewayResponse({
    type: ApiErrorDto,
    description: 'The payment provider could not close the page.',
  })
  giveBack(@Param('id') id: string, @Req() request: Request): Promise<GiveBackSeatResponseDto> {
    return this.commandBus.execute(new GiveBackSeatCommand(id, requestId(request)));
  }
}
