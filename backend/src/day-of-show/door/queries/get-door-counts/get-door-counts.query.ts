import { Query } from '@nestjs/cqrs';
import type { DoorCountsResponseDto } from './door-counts.response.dto';

export class GetDoorCountsQuery extends Query<DoorCountsResponseDto> {}
