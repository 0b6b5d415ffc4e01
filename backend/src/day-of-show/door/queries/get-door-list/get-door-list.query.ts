import { Query } from '@nestjs/cqrs';
import type { DoorListResponseDto } from './door-list.response.dto';

export class GetDoorListQuery extends Query<DoorListResponseDto> {
  constructor(
    readonly event: string,
    readonly time: string,
  ) {
    super();
  }
}
