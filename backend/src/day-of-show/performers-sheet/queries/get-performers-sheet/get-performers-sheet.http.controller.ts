import { Controller, Get, Header, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../../../auth/admin-only.decorator';
import { ApiErrorDto } from '../../../../common/api-error.dto';
import { GetPerformersSheetQuery } from './get-performers-sheet.query';
import { PerformersSheetDto } from './performers-sheet.response.dto';

@ApiTags('admin')
@Controller('api/admin/tour/events')
export class GetPerformersSheetHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':slug/slots/:time/dreams')
  @AdminOnly('sheet')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'getPerformersSheet',
    summary: "A slot's performers' sheet",
    description:
      "The dreams of the slot's seated people (paid or confirmed seats), numbered by seat order, each anonymised automatically (the author's name, emails, phones, web addresses and handles replaced by neutral words in the dream's language) and, once approved, as approved. No name, email or phone. `time` is the URL-encoded slot name.",
  })
  @ApiOkResponse({ type: PerformersSheetDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'No such event or slot.' })
  sheet(@Param('slug') slug: string, @Param('time') time: string): Promise<PerformersSheetDto> {
    return this.queryBus.execute(new GetPerformersSheetQuery(slug, time));
  }
}
