import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { AdminOnly, CurrentAdmin } from '../../../../auth/admin-only.decorator';
import type { AdminActor } from '../../../../auth/admin-actor';
import { ApiErrorDto } from '../../../../common/api-error.dto';
import { GetPerformersSheetQuery } from '../../queries/get-performers-sheet/get-performers-sheet.query';
import { PerformersSheetDto } from '../../queries/get-performers-sheet/performers-sheet.response.dto';
import { AnswerSheetSuspicionsCommand } from './answer-sheet-suspicions.command';
import { AnswerSheetSuspicionsRequestDto } from './answer-sheet-suspicions.request.dto';

@ApiTags('admin')
@Controller('api/admin/tour/events')
export class AnswerSheetSuspicionsHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post(':slug/slots/:time/dreams/answers')
  @HttpCode(200)
  @AdminOnly('sheet', { mutation: true })
  @ApiOperation({
    operationId: 'answerSheetSuspicions',
    summary: "Answer the anonymiser's suspicions in a slot's dreams",
    description:
      'Records, for each registration answered, SheetSuspicionsAnswered naming the operator, with each answer and the words it is about (sealed like the dream, erased with the registration). Each spanId must be a `suspected` span of the dream as it is now (an edited dream has new spans: read the sheet again). Answering the same again records nothing; one refused refuses all. Answers the sheet as it now stands.',
  })
  @ApiOkResponse({ type: PerformersSheetDto })
  @ApiBadRequestResponse({ type: ApiErrorDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'No such event, slot or registration.' })
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
