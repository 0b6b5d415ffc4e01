import { Controller, Get, Header, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { GetRegistrationQuery } from './get-registration.query';
import { RegistrationDto } from './registration.response.dto';
import { PublicQuery } from '../../../common/api-refusals';
import { RegistrationNotFoundError } from '../../domain/registration-errors';

@ApiTags('registrations')
@Controller()
export class GetRegistrationHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('api/registrations/:id')
  @Header('Cache-Control', 'no-store')
  @PublicQuery({
    operationId: 'getRegistration',
    summary: 'One registration, by its id',
    description:
      "SPEC's public fields only (name, email, event, time, waitingList), never the phone. The registration id is a capability: it travels in the confirmation's link, and whoever holds it reads these fields, so it is a random UUID that nothing lists publicly. An unknown or malformed id is answered 404.",
    ok: RegistrationDto,
    refusals: [RegistrationNotFoundError],
  })
  @ApiParam({
    name: 'id',
    description: 'The registration id: a capability, like the link that carries it.',
    format: 'uuid',
  })
  registration(@Param('id') id: string): Promise<RegistrationDto> {
    return this.queryBus.execute(new GetRegistrationQuery(id));
  }
}
