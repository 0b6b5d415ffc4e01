import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { ApiErrorDto } from '../../../common/api-error.dto';
import { ResumeCheckoutCommand } from './resume-checkout.command';
import { ResumeCheckoutResponseDto } from './resume-checkout.response.dto';

@ApiTags('registrations')
@Controller()
export class ResumeCheckoutHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('api/registrations/:id/resume-checkout')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'resumeCheckout',
    summary: 'Go back to the open payment of a held seat',
    description: 'Answers the payment page while the seat is still held and the page open.',
  })
  @ApiOkResponse({ type: ResumeCheckoutResponseDto })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  @ApiConflictResponse({
    type: ApiErrorDto,
    description: 'The registration is already paid, or its seat was given back.',
  })
  resume(@Param('id') id: string): Promise<ResumeCheckoutResponseDto> {
    return this.commandBus.execute(new ResumeCheckoutCommand(id));
  }
}
