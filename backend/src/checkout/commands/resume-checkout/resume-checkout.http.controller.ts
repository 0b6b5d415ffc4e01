import { Controller, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { VisitorCommand } from '../../../common/api-refusals';
import { only } from '../../../common/domain-error';
import {
  InvalidTransitionError,
  PastTheDoorError,
  RegistrationNotFoundError,
} from '../../../registrations/domain/registration-errors';
import { ResumeCheckoutCommand } from './resume-checkout.command';
import { ResumeCheckoutResponseDto } from './resume-checkout.response.dto';

@ApiTags('registrations')
@Controller()
export class ResumeCheckoutHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('api/registrations/:id/resume-checkout')
  @VisitorCommand({
    operationId: 'resumeCheckout',
    summary: 'Go back to the open payment of a held seat',
    description: 'Answers the payment page while the seat is still held and the page open.',
    ok: ResumeCheckoutResponseDto,
    refusals: [
      RegistrationNotFoundError,
      only(InvalidTransitionError, 'already-paid', 'seat-given-back'),
      PastTheDoorError,
    ],
  })
  resume(@Param('id') id: string): Promise<ResumeCheckoutResponseDto> {
    return this.commandBus.execute(new ResumeCheckoutCommand(id));
  }
}
