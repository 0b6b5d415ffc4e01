import { Query } from '@nestjs/cqrs';
import type { AdminRegistrationDto } from './admin-registration.response.dto';

export class ListRegistrationsQuery extends Query<AdminRegistrationDto[]> {}
