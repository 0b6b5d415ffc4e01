import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { TourAdminQueryHandler } from './tour-admin.query-handler';
import { TourAdminDto, TourHistoryDto } from './tour-admin.response.dto';
import { TourHistoryRequestDto } from './tour-history.request.dto';
import { OperatorQuery } from '../../../auth/admin-only.decorator';

@ApiTags('admin')
@Controller('api/admin/tour')
export class TourAdminHttpController {
  constructor(private readonly query: TourAdminQueryHandler) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @OperatorQuery(['tour', 'door'], {
    operationId: 'getTourForAdmin',
    summary: 'The tour as the Command Center runs it',
    description:
      'Events by date, each with its slots by start, their capacity, seats taken and waiting list, and whether freed seats are offered automatically.',
    ok: TourAdminDto,
  })
  tour(): Promise<TourAdminDto> {
    return this.query.tour();
  }

  @Get('history')
  @Header('Cache-Control', 'no-store')
  @OperatorQuery('tour', {
    operationId: 'getTourHistory',
    summary: "The tour's own history, newest first",
    description:
      "Every fact of the tour (its import, announcements, slots, capacities, closings), with who recorded it; one event's with `event`.",
    ok: TourHistoryDto,
  })
  history(@Query() request: TourHistoryRequestDto): Promise<TourHistoryDto> {
    return this.query.history(request);
  }
}
