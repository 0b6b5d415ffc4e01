import { Query } from '@nestjs/cqrs';
import type { AdminRegistrationDto } from './admin-registration.response.dto';

/** One registration as the Command Center lists it (what an operator's action answers). */
export class GetAdminRegistrationQuery extends Query<AdminRegistrationDto> {
  constructor(readonly registrationId: string) {
    super();
  }
}
