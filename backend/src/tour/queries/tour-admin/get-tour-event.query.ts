import { Query } from '@nestjs/cqrs';
import type { TourEventAdminDto } from './tour-admin.response.dto';

/** One event of the tour as the Command Center shows it (what an operator's change answers). */
export class GetTourEventQuery extends Query<TourEventAdminDto> {
  constructor(readonly slug: string) {
    super();
  }
}
