import { Controller, Get, Header, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { GetPerformersSheetQuery } from './get-performers-sheet.query';
import { PerformersSheetDto } from './performers-sheet.response.dto';
import { OperatorQuery } from '../../../../auth/admin-only.decorator';
import { only } from '../../../../common/domain-error';
import { TourError } from '../../../../tour/domain/tour-errors';

@ApiTags('admin')
@Controller('api/admin/tour/events')
export class GetPerformersSheetHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':slug/slots/:time/dreams')
  @Header('Cache-Control', 'no-store')
  @OperatorQuery('sheet', {
    operationId: 'getPerformersSheet',
    summary: "A slot's performers' sheet",
    description:
      "The dreams of the slot's seated people (paid or confirmed seats), numbered by seat order, each anonymised automatically (the author's name, emails, phones, web addresses and handles replaced by neutral words in the dream's language) and, once approved, as approved. No name, email or phone. `time` is the URL-encoded slot name.",
    ok: PerformersSheetDto,
    refusals: [only(TourError, 'event-not-found', 'slot-not-found')],
  })
  sheet(@Param('slug') slug: string, @Param('time') time: string): Promise<PerformersSheetDto> {
    return this.queryBus.execute(new GetPerformersSheetQuery(slug, time));
  }
}
