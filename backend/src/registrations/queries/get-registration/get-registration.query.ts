import { Query } from '@nestjs/cqrs';
import type { RegistrationDto } from './registration.response.dto';

export class GetRegistrationQuery extends Query<RegistrationDto> {
  constructor(readonly registrationId: string) {
    super();
  }
}
