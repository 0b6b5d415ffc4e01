import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiErrorDto } from '../../../common/api-error.dto';
import { requestId } from '../../../common/request-id';
import { PayForOfferCommand } from './pay-for-offer.command';
import { PayForOfferRequestDto } from './pay-for-offer.request.dto';
import { PayForOfferResponseDto } from './pay-for-offer.response.dto';

@ApiTags('registrations')
@Controller()
export class PayForOfferHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('api/registrations/offer/checkout')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'payForOffer',
    summary: 'Open (or resume) the payment page of a seat offered from the waiting list',
    description:
      "The token is the signed one of the offer email's link. Answers the payment page, held until the offer lapses; paying it records PaymentConfirmed (seat 'offered') and the seat is the visitor's.",
  })
  @ApiOkResponse({ type: PayForOfferResponseDto })
  @ApiBadRequestResponse({
    type: ApiErrorDto,
    description: 'The token is missing, altered or expired.',
  })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'The registration no longer exists.' })
  @ApiConflictResponse({
    type: ApiErrorDto,
    description: 'The offer lapsed, or the seat is already paid or confirmed, or cancelled.',
  })
  @ApiBadGatewayResponse({ type: ApiErrorDto, description: 'The payment provider failed.' })
  pay(
    @Body() body: PayForOfferRequestDto,
    @Req() request: Request,
  ): Promise<PayForOfferResponseDto> {
    return this.commandBus.execute(new PayForOfferCommand(body.token, requestId(request)));
  }
}
