import { Query } from '@nestjs/cqrs';
import type { CheckInResponseDto } from './check-in.response.dto';

/** A checked-in person as the door shows them, read after the check-in. */
export class GetCheckInQuery extends Query<CheckInResponseDto> {
  constructor(readonly registrationId: string) {
    super();
  }
}
