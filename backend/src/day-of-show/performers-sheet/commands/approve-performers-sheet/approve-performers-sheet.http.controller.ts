import { Body, Controller, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConflictResponse, ApiTags } from '@nestjs/swagger';
import { CurrentAdmin } from '../../../../auth/admin-only.decorator';
import type { AdminActor } from '../../../../auth/admin-actor';
import { GetPerformersSheetQuery } from '../../queries/get-performers-sheet/get-performers-sheet.query';
import { PerformersSheetDto } from '../../queries/get-performers-sheet/performers-sheet.response.dto';
import { ApprovePerformersSheetCommand } from './approve-performers-sheet.command';
import { ApprovePerformersSheetRequestDto } from './approve-performers-sheet.request.dto';
import { SheetNotReadyErrorDto } from './sheet-not-ready.response.dto';
import { OperatorCommand } from '../../../../auth/admin-only.decorator';
import { ConcurrentChange } from '../../../../common/request-errors';
import { RegistrationNotFoundError } from '../../../../registrations/domain/registration-errors';
import { SheetError, SheetNotReady } from '../../domain/sheet-errors';
import { only } from '../../../../common/domain-error';
import { TourError } from '../../../../tour/domain/tour-errors';

@ApiTags('admin')
@Controller('api/admin/tour/events')
export class ApprovePerformersSheetHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post(':slug/slots/:time/dreams/approval')
  @OperatorCommand('sheet', {
    operationId: 'approvePerformersSheet',
    summary: "Approve a slot's performers' sheet",
    description:
      'Records, for each dream given, SheetDreamApproved with its text as approved (sealed like the dream; unless that text is approved already) and DreamCapturedSet when the dream was not captured yet. Every registration must hold a paid or confirmed seat in the slot; one refused refuses all. Refused (409, `reason` open-suspicions) while a dream has suspicions unanswered, and (409, `reason` still-personal) when a text still looks personal unless acceptStillPersonal is true. Answers the sheet as it now stands.',
    ok: PerformersSheetDto,
    refusals: [
      only(TourError, 'event-not-found', 'slot-not-found'),
      RegistrationNotFoundError,
      only(SheetError, 'not-seated-in-slot', 'approved-twice'),
      SheetNotReady,
      ConcurrentChange,
    ],
  })
  @ApiConflictResponse({ type: SheetNotReadyErrorDto })
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
