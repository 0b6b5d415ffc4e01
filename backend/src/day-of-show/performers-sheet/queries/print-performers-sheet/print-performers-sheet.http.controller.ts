import { Controller, Get, Header, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiConflictResponse, ApiTags } from '@nestjs/swagger';
import { SheetNotReadyErrorDto } from '../../commands/approve-performers-sheet/sheet-not-ready.response.dto';
import { PrintedSheetDto } from '../get-performers-sheet/performers-sheet.response.dto';
import { PrintPerformersSheetQuery } from './print-performers-sheet.query';
import { OperatorQuery } from '../../../../auth/admin-only.decorator';
import { SheetNotReady } from '../../domain/sheet-errors';
import { only } from '../../../../common/domain-error';
import { TourError } from '../../../../tour/domain/tour-errors';

@ApiTags('admin')
@Controller('api/admin/tour/events')
export class PrintPerformersSheetHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':slug/slots/:time/dreams/print')
  @Header('Cache-Control', 'no-store')
  @OperatorQuery('sheet', {
    operationId: 'printPerformersSheet',
    summary: "A slot's performers' sheet as printed",
    description:
      'The approved texts alone, by seat: what the performers read. Refused (409, `reason` open-suspicions, then still-personal) while any seated dream has a suspicion unanswered or an approved text that still looks personal and was not approved knowingly; `dreams` names them. `time` is the URL-encoded slot name.',
    ok: PrintedSheetDto,
    refusals: [only(TourError, 'event-not-found', 'slot-not-found'), SheetNotReady],
  })
  @ApiConflictResponse({ type: SheetNotReadyErrorDto })
  print(@Param('slug') slug: string, @Param('time') time: string): Promise<PrintedSheetDto> {
    return this.queryBus.execute(new PrintPerformersSheetQuery(slug, time));
  }
}
