import { Query } from '@nestjs/cqrs';
import type { TicketKeysResponseDto } from './ticket-keys.response.dto';

export class GetTicketPublicKeysQuery extends Query<TicketKeysResponseDto> {}
