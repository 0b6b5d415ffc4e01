import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { GetTourEventQuery } from './get-tour-event.query';
import type { TourEventAdminDto } from './tour-admin.response.dto';
import { TourAdminQueryHandler } from './tour-admin.query-handler';

@QueryHandler(GetTourEventQuery)
export class GetTourEventQueryHandler implements IQueryHandler<GetTourEventQuery> {
  constructor(private readonly tour: TourAdminQueryHandler) {}

  execute({ slug }: GetTourEventQuery): Promise<TourEventAdminDto> {
    return this.tour.event(slug);
  }
}
