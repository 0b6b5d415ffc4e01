import { Controller, Get, Header, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrorDto } from '../../../common/api-error.dto';
import { GetRegistrationQuery } from './get-registration.query';
import { RegistrationDto } from './registration.response.dto';

@ApiTags('registrations')
@Controller()
export class GetRegistrationHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('api/registrations/:id')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ operationId: 'getRegistration', summary: 'One registration, by its id' })
  @ApiOkResponse({ type: RegistrationDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'Unknown or malformed id.' })
  registration(@Param('id') id: string): Promise<RegistrationDto> {
    return this.queryBus.execute(new GetRegistrationQuery(id));
  }
}
