import { Body, Controller, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { CurrentAdmin } from '../../../../auth/admin-only.decorator';
import type { AdminActor } from '../../../../auth/admin-actor';
import { GetPerformersSheetQuery } from '../../queries/get-performers-sheet/get-performers-sheet.query';
import { PerformersSheetDto } from '../../queries/get-performers-sheet/performers-sheet.response.dto';
import { AnswerSheetSuspicionsCommand } from './answer-sheet-suspicions.command';
import { AnswerSheetSuspicionsRequestDto } from './answer-sheet-suspicions.request.dto';
import { OperatorCommand } from '../../../../auth/admin-only.decorator';
import { ConcurrentChange } from '../../../../common/request-errors';
import { RegistrationNotFoundError } from '../../../../registrations/domain/registration-errors';
import { SheetError } from '../../domain/sheet-errors';
import { only } from '../../../../common/domain-error';
import { TourError } from '../../../../tour/domain/tour-errors';

@ApiTags('admin')
@Controller('api/admin/tour/events')
export class AnswerSheetSuspicionsHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post(':slug/slots/:time/dreams/answers')
  @OperatorCommand('sheet', {
    operationId: 'answerSheetSuspicions',
    summary: "Answer the anonymiser's suspicions in a slot's dreams",
    description:
      'Records, for each registration answered, SheetSuspicionsAnswered naming the operator, with each answer and the words it is about (sealed like the dream, erased with the registration). Each spanId must be a `suspected` span of the dream as it is now (an edited dream has new spans: read the sheet again). Answering the same again records nothing; one refused refuses all. Answers the sheet as it now stands.',
    ok: PerformersSheetDto,
    refusals: [
      only(TourError, 'event-not-found', 'slot-not-found'),
      RegistrationNotFoundError,
      only(SheetError, 'not-seated-in-slot', 'suspicion-not-found', 'answered-twice'),
      ConcurrentChange,
    ],
  })
  async answer(
    @Param('slug') slug: string,
    @Param('time') time: string,
    @Body() body: AnswerSheetSuspicionsRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<PerformersSheetDto> {
    await this.commandBus.execute(
      new AnswerSheetSuspicionsCommand(slug, time, body.answers, actor),
    );
    return this.queryBus.execute(new GetPerformersSheetQuery(slug, time));
  }
}
