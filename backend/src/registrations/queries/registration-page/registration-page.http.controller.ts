import { Controller, Get, Header, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../../admin/admin-only.decorator';
import { ApiErrorDto } from '../../../common/api-error.dto';
import { RegistrationPageQuery } from './registration-page.query';
import { PAGE_SIZE_DEFAULT, RegistrationPageRequestDto } from './registration-page.request.dto';
import { RegistrationPageDto } from './registration-page.response.dto';

@ApiTags('admin')
@Controller()
export class RegistrationPageHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('api/admin/registrations')
  @AdminOnly()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'A page of registrations, newest first, searched and filtered (operator only)',
    description:
      'Pass the answered nextCursor as `cursor` for the next page, with the same search and filters. The first page also answers how many match and how many there are.',
  })
  @ApiOkResponse({ type: RegistrationPageDto })
  @ApiBadRequestResponse({ type: ApiErrorDto })
  page(@Query() query: RegistrationPageRequestDto): Promise<RegistrationPageDto> {
    const { limit, cursor, ...filter } = query;
    return this.queryBus.execute(
      new RegistrationPageQuery(filter, limit ?? PAGE_SIZE_DEFAULT, cursor),
    );
  }
}
