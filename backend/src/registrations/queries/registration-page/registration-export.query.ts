import { Query } from '@nestjs/cqrs';
import type { CsvRegistration } from './registration-csv';
import type { RegistrationFilter } from './registration-page-filter';

/** The registrations a filter matches, newest first, a batch at a time (read lazily). */
export class RegistrationExportQuery extends Query<AsyncGenerator<CsvRegistration[]>> {
  constructor(
    readonly filter: RegistrationFilter,
    readonly batchSize = 1000,
  ) {
    super();
  }
}
