import { Query } from '@nestjs/cqrs';
import type { RegistrationHistoryDto } from './registration-history.response.dto';

export class RegistrationHistoryQuery extends Query<RegistrationHistoryDto> {
  constructor(readonly registrationId: string) {
    super();
  }
}
