import { Query } from '@nestjs/cqrs';
import type { RegistrationFilter } from './registration-page-filter';
import type { RegistrationPageDto } from './registration-page.response.dto';

export class RegistrationPageQuery extends Query<RegistrationPageDto> {
  constructor(
    readonly filter: RegistrationFilter,
    readonly limit: number,
    readonly cursor?: string,
  ) {
    super();
  }
}
