import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../../auth/admin-only.decorator';
import { ApiErrorDto } from '../../../common/api-error.dto';
import { TourAdminQueryHandler } from './tour-admin.query-handler';
import { TourAdminDto, TourHistoryDto } from './tour-admin.response.dto';
import { TourHistoryRequestDto } from './tour-history.request.dto';

@ApiTags('admin')
@Controller('api/admin/tour')
export class TourAdminHttpController {
  constructor(private readonly query: TourAdminQueryHandler) {}

  @Get()
  @AdminOnly(['tour', 'door'])
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'getTourForAdmin',
    summary: 'The tour as the Command Center runs it',
    description:
      'Events by date, each with its slots by start, their capacity, seats taken and waiting list, and whether freed seats are offered automatically.',
  })
  @ApiOkResponse({ type: TourAdminDto })
  tour(): Promise<TourAdminDto> {
    return this.query.tour();
  }

  @Get('history')
  @AdminOnly('tour')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'getTourHistory',
    summary: "The tour's own history, newest first",
    description:
      "Every fact of the tour (its import, announcements, slots, capacities, closings), with who recorded it; one event's with `event`.",
  })
  @ApiOkResponse({ type: TourHistoryDto })
  @ApiBadRequestResponse({ type: ApiErrorDto })
  history(@Query() request: TourHistoryRequestDto): Promise<TourHistoryDto> {
    return this.query.history(request);
  }
}
