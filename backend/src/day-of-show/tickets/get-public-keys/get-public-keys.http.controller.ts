import { Controller, Get, Header } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { GetTicketPublicKeysQuery } from './get-public-keys.query';
import { TicketKeysResponseDto } from './ticket-keys.response.dto';
import { PublicQuery } from '../../../common/api-refusals';

@ApiTags('tickets')
@Controller()
export class GetTicketPublicKeysHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('api/tickets/public-key')
  @Header('Cache-Control', 'no-cache')
  @PublicQuery({
    operationId: 'getTicketPublicKeys',
    summary: 'The public keys that verify ticket codes',
    description:
      'Ed25519 keys, as SPKI PEM and JWK: the current one, which signs new tickets, and every older one still valid for tickets already sent. A door device verifies a ticket code with them, without the network.',
    ok: TicketKeysResponseDto,
  })
  keys(): Promise<TicketKeysResponseDto> {
    return this.queryBus.execute(new GetTicketPublicKeysQuery());
  }
}
