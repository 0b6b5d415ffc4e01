import { Controller, Get, Header, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { AdminOnly } from '../../../../auth/admin-only.decorator';
import { ApiErrorDto } from '../../../../common/api-error.dto';
import { SheetNotReadyErrorDto } from '../../commands/approve-performers-sheet/sheet-not-ready.response.dto';
import { PrintedSheetDto } from '../get-performers-sheet/performers-sheet.response.dto';
import { PrintPerformersSheetQuery } from './print-performers-sheet.query';

@ApiTags('admin')
@Controller('api/admin/tour/events')
export class PrintPerformersSheetHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':slug/slots/:time/dreams/print')
  @AdminOnly('sheet')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'printPerformersSheet',
    summary: "A slot's performers' sheet as printed",
    description:
      'The approved texts alone, by seat: what the performers read. Refused (409, `reason` open-suspicions, then still-personal) while any seated dream has a suspicion unanswered or an approved text that still looks personal and was not approved knowingly; `dreams` names them. `time` is the URL-encoded slot name.',
  })
  @ApiOkResponse({ type: PrintedSheetDto })
  @ApiConflictResponse({ type: SheetNotReadyErrorDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'No such event or slot.' })
  print(@Param('slug') slug: string, @Param('time') time: string): Promise<PrintedSheetDto> {
    return this.queryBus.execute(new PrintPerformersSheetQuery(slug, time));
  }
}
