import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { TicketKeys } from '../ticket-keys';
import { GetTicketPublicKeysQuery } from './get-public-keys.query';
import type { TicketKeysResponseDto } from './ticket-keys.response.dto';

@QueryHandler(GetTicketPublicKeysQuery)
export class GetTicketPublicKeysQueryHandler implements IQueryHandler<GetTicketPublicKeysQuery> {
  constructor(private readonly keys: TicketKeys) {}

  async execute(): Promise<TicketKeysResponseDto> {
    return { keys: await this.keys.published() };
  }
}
