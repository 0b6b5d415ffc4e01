import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
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
import { ApprovePerformersSheetCommand } from './approve-performers-sheet.command';
import { ApprovePerformersSheetRequestDto } from './approve-performers-sheet.request.dto';
import { SheetNotReadyErrorDto } from './sheet-not-ready.response.dto';

@ApiTags('admin')
@Controller('api/admin/tour/events')
export class ApprovePerformersSheetHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post(':slug/slots/:time/dreams/approval')
  @HttpCode(200)
  @AdminOnly('sheet', { mutation: true })
  @ApiOperation({
    operationId: 'approvePerformersSheet',
    summary: "Approve a slot's performers' sheet",
    description:
      'Records, for each dream given, SheetDreamApproved with its text as approved (sealed like the dream; unless that text is approved already) and DreamCapturedSet when the dream was not captured yet. Every registration must hold a paid or confirmed seat in the slot; one refused refuses all. Refused (409, `reason` open-suspicions) while a dream has suspicions unanswered, and (409, `reason` still-personal) when a text still looks personal unless acceptStillPersonal is true. Answers the sheet as it now stands.',
  })
  @ApiOkResponse({ type: PerformersSheetDto })
  @ApiBadRequestResponse({ type: ApiErrorDto })
  @ApiConflictResponse({ type: SheetNotReadyErrorDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'No such event, slot or registration.' })
  async approve(
    @Param('slug') slug: string,
    @Param('time') time: string,
    @Body() body: ApprovePerformersSheetRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<PerformersSheetDto> {
    await this.commandBus.execute(
      new ApprovePerformersSheetCommand(slug, time, body.dreams, actor),
    );
    return this.queryBus.execute(new GetPerformersSheetQuery(slug, time));
  }
}
