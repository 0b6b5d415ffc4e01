import { Controller, Get, Header, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { RegistrationPageQuery } from './registration-page.query';
import { PAGE_SIZE_DEFAULT, RegistrationPageRequestDto } from './registration-page.request.dto';
import { RegistrationPageDto } from './registration-page.response.dto';
import { RegistrationsPerDayQuery } from './registrations-per-day.query';
import { RegistrationsPerDayRequestDto } from './registrations-per-day.request.dto';
import { DayCountDto } from './registrations-per-day.response.dto';
import { OperatorQuery } from '../../../auth/admin-only.decorator';

@ApiTags('admin')
@Controller()
export class RegistrationPageHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('api/admin/registrations')
  @Header('Cache-Control', 'no-store')
  @OperatorQuery('registrations', {
    operationId: 'listRegistrationPage',
    summary: 'A page of registrations, newest first, searched and filtered (operator only)',
    description:
      'Pass the answered nextCursor as `cursor` for the next page, with the same search and filters. The first page also answers how many match and how many there are.',
    ok: RegistrationPageDto,
  })
  page(@Query() query: RegistrationPageRequestDto): Promise<RegistrationPageDto> {
    const { limit, cursor, ...filter } = query;
    return this.queryBus.execute(
      new RegistrationPageQuery(filter, limit ?? PAGE_SIZE_DEFAULT, cursor),
    );
  }

  @Get('api/admin/registrations/per-day')
  @Header('Cache-Control', 'no-store')
  @OperatorQuery('registrations', {
    operationId: 'countRegistrationsPerDay',
    summary: 'How many registered on each of the last 14 days (operator only)',
    description:
      'Calendar days of `timeZone`, oldest first; days without registrations are left out.',
    ok: [DayCountDto],
  })
  perDay(@Query() query: RegistrationsPerDayRequestDto): Promise<DayCountDto[]> {
    return this.queryBus.execute(new RegistrationsPerDayQuery(query.timeZone ?? 'UTC'));
  }
}
